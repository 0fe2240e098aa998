import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot, runCommand } from './processes';

const run = promisify(execFile);

/**
 * The web app of another commit, built into a folder of its own, for `--compare=<ref>`: the files of `ref`
 * (`git archive`, which leaves the working tree, the index and the repository's worktree list alone), the
 * installed packages linked in from this checkout, then `npm run build` there. Returns its `apps/web/dist`.
 *
 * The workspace's own packages (`node_modules/@portal/*`) are relative links into the checkout, so the
 * snapshot gets links of its own: its web app builds against its own contract, not today's.
 */
export async function buildWebAt(ref: string, dir: string): Promise<{ dist: string; commit: string }> {
  const { stdout } = await run('git', ['rev-parse', '--short', `${ref}^{commit}`], { cwd: repoRoot });
  const commit = stdout.trim();
  const tree = path.join(dir, `web-${commit}`);
  await fs.mkdir(tree, { recursive: true });
  const tar = await runCommand('sh', ['-c', `git archive ${commit} | tar -x -C "${tree}"`], {
    timeoutMs: 60_000,
  });
  if (tar.code !== 0) throw new Error(`git archive ${commit} failed:\n${tar.stderr}`);
  await linkPackages(tree);
  const build = await runCommand('npm', ['run', 'build'], { cwd: tree, timeoutMs: 300_000 });
  if (build.code !== 0)
    throw new Error(`npm run build at ${commit} failed:\n${build.stdout}\n${build.stderr}`);
  return { dist: path.join(tree, 'apps/web/dist'), commit };
}

/** node_modules of the snapshot: every installed package linked from the checkout, the workspace's own kept relative. */
async function linkPackages(tree: string) {
  const from = path.join(repoRoot, 'node_modules');
  const to = path.join(tree, 'node_modules');
  await fs.mkdir(to);
  for (const entry of await fs.readdir(from)) {
    if (entry === '@portal') continue;
    await fs.symlink(path.join(from, entry), path.join(to, entry));
  }
  await fs.mkdir(path.join(to, '@portal'));
  for (const link of await fs.readdir(path.join(from, '@portal'))) {
    const target = await fs.readlink(path.join(from, '@portal', link));
    await fs.symlink(target, path.join(to, '@portal', link));
  }
  // Packages npm installed inside a workspace (a second version beside the root's).
  for (const workspace of ['apps/web', 'apps/api', 'packages/contract', 'packages/pricing']) {
    const nested = path.join(repoRoot, workspace, 'node_modules');
    if (existsSync(nested) && existsSync(path.join(tree, workspace))) {
      await fs.symlink(nested, path.join(tree, workspace, 'node_modules'));
    }
  }
}
