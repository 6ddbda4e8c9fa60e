// `npm run routes`: every route of the server as `METHOD URL -> file:line [access]`, engine routes included.
// Builds the app on an empty in-memory database (nothing is served or stored) and prints where each route
// was registered: a hand-written route's `r.get(...)` line; for an engine route, the resource's definition
// (`path: '...'` in its *.resources.ts, or its referenceList(...) in packages/contracts) and where it is
// registered.
// `npm run routes -- licenserequests` prints only the routes whose URL contains the words given.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite } from '@licensure/db';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { isRoutePolicy } from '../apps/server/src/platform/auth/context';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) continue;
    if (statSync(full).isDirectory()) sources(full, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

/** Where each engine resource is declared: its line `path: '<path>'`, or its `referenceList(key, path, ...)`. */
function resourceDefinitions(): Map<string, string> {
  const found = new Map<string, string>();
  const files = [
    ...sources(path.join(root, 'apps/server/src')),
    ...sources(path.join(root, 'packages/contracts/src')),
  ];
  // Declarations first (`path: 'X'`, `referenceList('key', 'X'`), then any other line naming the path
  // (a path chosen by a ternary, a referenceList whose arguments span lines).
  const fallback = new Map<string, string>();
  for (const file of files) {
    const lines = readFileSync(file, 'utf8').split('\n');
    const declares = /resources?\.ts$/.test(file) || file.includes('packages/contracts/src/');
    lines.forEach((line, i) => {
      const at = `${path.relative(root, file)}:${i + 1}`;
      const m = /^\s*path:\s*'([^']+)'/.exec(line) ?? /referenceList\(\s*'[^']+',\s*'([^']+)'/.exec(line);
      if (m?.[1] && !found.has(m[1].toLowerCase())) found.set(m[1].toLowerCase(), at);
      if (!declares) return;
      for (const q of line.matchAll(/'([A-Za-z][A-Za-z0-9/]*)'/g))
        if (q[1] && !fallback.has(q[1].toLowerCase())) fallback.set(q[1].toLowerCase(), at);
    });
  }
  for (const [key, at] of fallback) if (!found.has(key)) found.set(key, at);
  return found;
}

async function main() {
  const words = process.argv.slice(2).map((w) => w.toLowerCase());
  const database = await openPglite();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  const app = await buildApp({ config, database, logger: false, startJobs: false });
  const definitions = resourceDefinitions();
  const rows = app.registeredRoutes
    .filter((r) => words.every((w) => r.url.toLowerCase().includes(w)))
    .map((r) => {
      const access = isRoutePolicy(r.access)
        ? r.access.permission
          ? `${r.access.name}(${r.access.permission})`
          : r.access.name
        : String(r.access);
      const where = r.resource
        ? `${definitions.get(r.resource.toLowerCase()) ?? '?'} (engine: ${r.resource}, registered at ${r.source ?? '?'})`
        : (r.source ??
          (r.url.startsWith('/api/docs') ? 'apps/server/src/app.ts (the @fastify/swagger-ui plugin)' : '?'));
      return `${r.method.padEnd(6)} ${r.url} -> ${where} [${access}]`;
    })
    .sort((x, y) => x.split(' ').slice(1).join(' ').localeCompare(y.split(' ').slice(1).join(' ')));
  process.stdout.write(`${rows.join('\n')}\n${rows.length} routes\n`);
  await app.close();
  await database.close();
}

await main();
