/**
 * Summaries of V8 CPU profiles (.cpuprofile): self time by module and by function, for the benches that
 * profile a server (list-endpoint.ts with BENCH_PROFILE=1, resilience/sustained-load.ts with LOAD_PROFILE=1).
 */

export interface ProfileSummary {
  file: string;
  /** Time the thread was busy (samples not idle). */
  sampledMs: number;
  idleMs: number;
  /** Self time by package or module, largest first. */
  byModule: { name: string; ms: number }[];
  /** Self time by function, largest first. */
  byFunction: { name: string; ms: number }[];
}

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Where a frame's code lives: an npm package, a workspace module, a Node built-in, or V8 itself. */
function moduleOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : `(native) ${fn}`;
  const pkgs = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (pkgs) return pkgs[pkgs.length - 1]!.replace('node_modules/', '');
  const server = url.match(/\/apps\/server\/src\/(.+)$/);
  if (server) return `server/${server[1]}`;
  const workspace = url.match(/\/packages\/([^/]+)\//);
  if (workspace) return `@licensure/${workspace[1]}`;
  if (url.startsWith('node:')) return url.split('/').slice(0, 2).join('/');
  return url
    .replace(/^file:\/\//, '')
    .split('/')
    .slice(-2)
    .join('/');
}

export function summarizeProfile(profile: CpuProfile, file: string): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const modules = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  let idle = 0;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i]!);
    // A sample's time is the gap to the next one.
    const us = deltas[i + 1] ?? 0;
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') {
      idle += us;
      continue;
    }
    total += us;
    const mod = moduleOf(url, functionName);
    modules.set(mod, (modules.get(mod) ?? 0) + us);
    const where = url
      .replace(/^file:\/\//, '')
      .replace(/^.*node_modules\//, '')
      .replace(/^.*\/(apps|packages|bench)\//, '$1/');
    const fn = `${functionName || '(anonymous)'} ${url ? `${where}:${lineNumber + 1}` : ''}`.trim();
    functions.set(fn, (functions.get(fn) ?? 0) + us);
  }
  const top = (m: Map<string, number>) =>
    [...m].map(([name, us]) => ({ name, ms: us / 1000 })).sort((a, b) => b.ms - a.ms);
  return {
    file,
    sampledMs: total / 1000,
    idleMs: idle / 1000,
    byModule: top(modules),
    byFunction: top(functions).slice(0, 40),
  };
}
