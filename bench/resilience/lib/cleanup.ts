/**
 * Cleanup that runs whatever happens: on a normal end, a thrown error, Ctrl-C or SIGTERM. Each step is
 * registered as the resource is made (server process, private cluster, temp folder) and run in reverse
 * order, each one on its own so that one failing step does not skip the others.
 */
type Step = { label: string; run: () => Promise<void> | void };
const steps: Step[] = [];
let running: Promise<void> | undefined;

export function onCleanup(label: string, run: Step['run']): () => void {
  const step = { label, run };
  steps.push(step);
  return () => {
    const i = steps.indexOf(step);
    if (i >= 0) steps.splice(i, 1);
  };
}

export function cleanup(): Promise<void> {
  running ??= (async () => {
    while (steps.length) {
      const step = steps.pop() as Step;
      try {
        await step.run();
      } catch (err) {
        process.stderr.write(`cleanup "${step.label}" failed: ${String(err)}\n`);
      }
    }
  })();
  return running;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    process.stderr.write(`\n${signal}: cleaning up\n`);
    void cleanup().finally(() => process.exit(130));
  });

/**
 * Runs a script's main: prints its figures, then PASS or FAIL; exit 0 on PASS, 1 on FAIL, 2 on an error.
 * Cleanup runs before the exit in every case.
 */
export async function runScript(name: string, main: () => Promise<boolean>): Promise<never> {
  let code = 2;
  try {
    code = (await main()) ? 0 : 1;
    process.stdout.write(`\n${name}: ${code === 0 ? 'PASS' : 'FAIL'}\n`);
  } catch (err) {
    process.stdout.write(
      `\n${name}: ERROR ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  await cleanup();
  process.exit(code);
}

/** A number from the environment, or the default. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number, not "${raw}"`);
  return n;
}
