import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ensurePrivateDir } from '../../storage/local-upload-store';

/** Far beyond the client's 120 s upload timeout: a temp file this old belongs to no live request. */
const STALE_AFTER_MS = 60 * 60 * 1000;

/**
 * The private folder where uploads land while they are read and checked. Every request removes its own
 * temp file; a process that died mid-upload cannot, so the first use after a start sweeps what it left.
 * Other instances sharing the folder are safe: their live files are minutes old at most.
 */
export function createIncomingDir(dir: string) {
  const ensureDir = ensurePrivateDir(dir);
  let swept: Promise<void> | undefined;
  return {
    dir,
    async ensure() {
      await ensureDir();
      swept ??= sweepStaleTempFiles(dir, Date.now() - STALE_AFTER_MS);
      await swept;
    },
  };
}

// File times are the system's, so the system clock (not the injectable business clock) is the right one.
export async function sweepStaleTempFiles(dir: string, olderThanMs: number) {
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.part')) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && info.mtimeMs < olderThanMs) await rm(file, { force: true });
  }
}
