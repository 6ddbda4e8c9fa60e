// Runs the journeys as E2E_SHARDS Playwright shards side by side (default 2), each with its own
// server, embedded database, SMTP port and output folder. A journey spends most of its time waiting
// on a page or a server answer, so two shards keep both cores of a small CI machine busy: the
// journeys took 12 of CI's 35 minutes one after another. Extra arguments go to every shard
// (`npm test -w @licensure/e2e -- tests/x.spec.ts`); E2E_SHARDS=1 runs them in one process.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const basePort = Number(process.env.E2E_PORT ?? 3100);
const baseSmtp = Number(process.env.E2E_SMTP_PORT ?? 3125);
const args = process.argv.slice(2);
const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');

const started = Date.now();
const run = (index) =>
  new Promise((resolve) => {
    const name = `shard ${index}/${shards}`;
    const shardArgs = shards > 1 ? [`--shard=${index}/${shards}`] : [];
    const child = spawn(
      process.execPath,
      [cli, 'test', ...shardArgs, '--output', path.join('test-results', `shard-${index}`), ...args],
      {
        cwd: here,
        env: {
          ...process.env,
          E2E_PORT: String(basePort + (index - 1) * 10),
          E2E_SMTP_PORT: String(baseSmtp + (index - 1) * 10),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const prefix = shards > 1 ? `[${index}] ` : '';
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`${prefix}${line}\n`);
      });
      stream.on('end', () => rest && out.write(`${prefix}${rest}\n`));
    }
    child.on('close', (code) => {
      process.stdout.write(
        `${name} finished with exit code ${code} after ${Math.round((Date.now() - started) / 1000)} s\n`,
      );
      resolve(code ?? 1);
    });
  });

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => run(i + 1)));
process.exit(codes.every((code) => code === 0) ? 0 : 1);
