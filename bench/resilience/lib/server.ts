import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { onCleanup } from './cleanup';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// Node itself with tsx's loader, not the tsx command: that one runs the script in a child process, which
// a SIGKILL of the command would leave running (holding its connections, and on PGlite the data folder).
const tsxLoader = pathToFileURL(path.join(repo, 'node_modules/tsx/dist/loader.mjs')).href;

export interface ServerOptions {
  /** The source tree to run (see tree.ts). */
  root: string;
  port: number;
  /** DATA_DIR: the embedded database (without DATABASE_URL) and uploaded files. */
  dataDir: string;
  databaseUrl?: string;
  /** Where the server's stdout and stderr go (appended). */
  logFile: string;
  env?: Record<string, string>;
  /** Open the inspector on a free port, to force a garbage collection before reading memory. */
  inspect?: boolean;
  startTimeoutMs?: number;
}

export interface Server {
  base: string;
  pid: number;
  child: ChildProcess;
  /** The inspector's WebSocket address, when started with inspect. */
  inspector?: string;
  /** Resolves with the exit code or signal when the process ends. */
  exited: Promise<string>;
  readonly alive: boolean;
  kill(signal: NodeJS.Signals): Promise<string>;
}

/** Starts apps/server/src/main.ts as `npm start` does (migrations, seed, listen); resolves when it serves. */
export async function startServer(o: ServerOptions): Promise<Server> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(o.port),
    DATA_DIR: o.dataDir,
    LOG_LEVEL: 'warn',
    // The scripts sign in again after every restart; the per-address sign-in limit is not under test.
    LOGIN_RATE_LIMIT: '100000',
    ...(o.databaseUrl ? { DATABASE_URL: o.databaseUrl } : {}),
    ...o.env,
  };
  const main = path.join(o.root, 'apps/server/src/main.ts');
  const args = [...(o.inspect ? ['--inspect=127.0.0.1:0'] : []), '--import', tsxLoader, main];
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'], cwd: o.root });
  const log = createWriteStream(o.logFile, { flags: 'a' });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  let alive = true;
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => {
      alive = false;
      resolve(signal ?? String(code));
    }),
  );
  const removeCleanup = onCleanup(`kill server ${child.pid}`, async () => {
    if (alive) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  void exited.then(() => removeCleanup());

  let inspector: string | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(
      () => reject(new Error(`the server did not start within ${o.startTimeoutMs ?? 600_000} ms`)),
      o.startTimeoutMs ?? 600_000,
    );
    child.stdout?.on('data', (d) => {
      out += String(d);
      if (out.includes('Licensure is running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on('data', (d) => {
      const m = /Debugger listening on (ws:\/\/\S+)/.exec(String(d));
      if (m) inspector = m[1];
    });
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${how}) before serving:\n${tail(o.logFile)}`));
    });
  });
  try {
    await ready;
  } catch (err) {
    if (alive) child.kill('SIGKILL');
    throw err;
  }
  return {
    base: `http://127.0.0.1:${o.port}`,
    pid: child.pid as number,
    child,
    inspector,
    exited,
    get alive() {
      return alive;
    },
    async kill(signal) {
      if (alive) child.kill(signal);
      return exited;
    },
  };
}

/** The last lines of a log file. */
export function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Resident memory of a process in MB, from /proc. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}
