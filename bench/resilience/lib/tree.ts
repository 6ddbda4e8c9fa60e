import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onCleanup } from './cleanup';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The source tree the server runs from. By default a snapshot of the last commit (`git archive HEAD`):
 * the working tree is shared, and others' half-written files there must neither break nor colour the
 * figures. `RESILIENCE_TREE=working` runs the working tree as it is (to try an uncommitted fix).
 * The snapshot uses the repository's installed node_modules, except the workspace packages, which
 * point into the snapshot. `RESILIENCE_OVERLAY="path path"` copies those files of the working tree over
 * the snapshot (to try an uncommitted fix of one's own without the rest of the working tree).
 */
export function serverTree(): { root: string; label: string } {
  if (process.env.RESILIENCE_TREE === 'working') return { root: repoRoot, label: 'the working tree' };
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot }).toString().trim();
  const root = mkdtempSync(path.join(tmpdir(), 'licensure-tree-'));
  onCleanup('remove the source snapshot', () => rmSync(root, { recursive: true, force: true }));
  execFileSync('sh', ['-c', `git archive HEAD | tar -x -C '${root}'`], { cwd: repoRoot });
  const overlay = (process.env.RESILIENCE_OVERLAY ?? '').split(/\s+/).filter(Boolean);
  for (const file of overlay) copyFileSync(path.join(repoRoot, file), path.join(root, file));
  const modules = path.join(root, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (entry === '@licensure') continue;
    symlinkSync(path.join(repoRoot, 'node_modules', entry), path.join(modules, entry));
  }
  mkdirSync(path.join(modules, '@licensure'));
  const workspaces = {
    contracts: 'packages/contracts',
    db: 'packages/db',
    server: 'apps/server',
    web: 'apps/web',
  };
  for (const [name, dir] of Object.entries(workspaces))
    symlinkSync(path.join(root, dir), path.join(modules, '@licensure', name));
  for (const dir of ['apps/server/node_modules']) symlinkSync(path.join(repoRoot, dir), path.join(root, dir));
  return {
    root,
    label: `commit ${commit}${overlay.length ? ` + ${overlay.join(', ')} from the working tree` : ''}`,
  };
}
