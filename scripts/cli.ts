import { mkdir, readdir } from 'node:fs/promises';

/** Ends the command with a message on stderr. */
export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** Creates the folder, refusing one that already holds something (never overwrite an export or data). */
export async function ensureEmptyDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length) fail(`${dir} is not empty: give a new or empty folder.`);
}
