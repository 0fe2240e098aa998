import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The web test files that need modules of their own (paths from apps/web): those that replace a module with
 * `vi.mock`, and those that say `@own-modules` in a comment (they test what the first use of a module does,
 * e.g. the toasts' code loading with the first toast). The web project shares its modules between files
 * (vitest.config.ts: `isolate: false`): a module an earlier file imported can no longer be replaced, and its
 * state is what the earlier files left. These files run apart (vitest.own-modules.config.ts). Found by reading
 * the files, so a new one goes there by itself.
 */
export function ownModulesTests(): string[] {
  const root = path.resolve(import.meta.dirname, '..');
  return readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.join('src', file))
    .filter((file) => /vi\.mock\(|@own-modules/.test(readFileSync(path.join(root, file), 'utf8')))
    .map((file) => file.split(path.sep).join('/'));
}
