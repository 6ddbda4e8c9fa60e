// The npm registry reachable here lacks Biome's non-Linux binaries, so `npm install` leaves their
// optional entries out of package-lock.json, and `npm ci` then refuses the lock. This puts the entries
// back (npm ci skips them on Linux; elsewhere npm fetches them by version). Run after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const biome = lock.packages['node_modules/@biomejs/biome'];
const platforms = {
  'win32-x64': ['win32', 'x64'],
  'win32-arm64': ['win32', 'arm64'],
  'darwin-x64': ['darwin', 'x64'],
  'darwin-arm64': ['darwin', 'arm64'],
  'linux-x64-musl': ['linux', 'x64', 'musl'],
  'linux-arm64-musl': ['linux', 'arm64', 'musl'],
  'android-x64': ['android', 'x64'],
  'android-arm64': ['android', 'arm64'],
};
let added = 0;
for (const [name, [os, cpu, libc]] of Object.entries(platforms)) {
  const key = `node_modules/@biomejs/cli-${name}`;
  if (lock.packages[key]) continue;
  lock.packages[key] = {
    version: biome.version,
    cpu: [cpu],
    dev: true,
    license: 'MIT OR Apache-2.0',
    optional: true,
    os: [os],
    ...(libc ? { libc: [libc] } : {}),
    engines: { node: '>=14.21.3' },
  };
  added++;
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(`restored ${added} lock entries\n`);
