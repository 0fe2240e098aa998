import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/*
 * Folder work shared by `ops backup` and `ops restore` (docs/product/operations.md#backups). A backup folder:
 *   backup.json   the manifest, written last: a folder without it is not a finished backup
 *   data/         the embedded cluster (DATA_DIR/pg), with backup_label and the WAL it needs in pg_wal/
 *   files/        what else of DATA_DIR the product needs: pg-password, secrets.key, uploads/
 */

export const MANIFEST = 'backup.json';
export const CLUSTER_COPY = 'data';
export const FILES_COPY = 'files';
export const MANIFEST_FORMAT = 'portal-backup-1';

/** What `backup.json` holds. */
export type BackupManifest = {
  format: typeof MANIFEST_FORMAT;
  label: string;
  /** When pg_backup_start was called, pg_backup_stop returned, and the backup was complete (WAL, files, fsync). */
  startedAt: string;
  stoppedAt: string;
  finishedAt: string;
  /** From startedAt to finishedAt. */
  seconds: number;
  postgresVersion: string;
  startLsn: string;
  stopLsn: string;
  /** The first and last WAL segment copied into data/pg_wal. */
  walFiles: [string, string];
  /** Files and bytes of data/ and files/ (the manifest aside). */
  files: number;
  bytes: number;
  /** DATA_DIR's files kept beside the cluster, under files/. */
  dataDirFiles: string[];
  uploads: number;
};

export function isInside(child: string, parent: string) {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The names in a folder; undefined when there is no such folder. */
export async function entriesOf(dir: string): Promise<string[] | undefined> {
  try {
    return await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Runs `work` on every item, at most `width` at a time. */
export async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

export type CopyOptions = {
  /** Leave out this entry (a path relative to the copied folder, with `/`); `contents` keeps the folder empty. */
  skip?: (relative: string, isDir: boolean) => 'entry' | 'contents' | undefined;
  /** Files that vanish while being copied are left out (a running cluster drops and creates files). */
  tolerateVanished?: boolean;
};

/**
 * Copies a folder file by file: folders 0700, files 0600 (the data folder mode PostgreSQL requires, and the
 * owner-only mode of everything a backup holds). Symbolic links are refused: the embedded cluster has none
 * (no tablespaces, pg_wal in place). Returns the files and bytes copied.
 */
export async function copyTree(from: string, to: string, options: CopyOptions = {}) {
  const files: { from: string; to: string }[] = [];
  const walk = async (relative: string) => {
    const dir = path.join(from, relative);
    let entries: Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (options.tolerateVanished && relative !== '' && isMissing(error)) return;
      throw error;
    }
    await fs.mkdir(path.join(to, relative), { recursive: true, mode: 0o700 });
    await fs.chmod(path.join(to, relative), 0o700);
    for (const entry of entries) {
      const rel = relative === '' ? entry.name : `${relative}/${entry.name}`;
      const skip = options.skip?.(rel, entry.isDirectory());
      if (skip === 'entry') continue;
      if (entry.isDirectory()) {
        if (skip === 'contents') await fs.mkdir(path.join(to, rel), { recursive: true, mode: 0o700 });
        else await walk(rel);
      } else if (entry.isFile()) {
        files.push({ from: path.join(from, rel), to: path.join(to, rel) });
      } else {
        throw new Error(`${path.join(from, rel)} is not a plain file or folder; it cannot be copied`);
      }
    }
  };
  await walk('');
  let copied = 0;
  let bytes = 0;
  await inParallel(files, 4, async (file) => {
    try {
      await fs.copyFile(file.from, file.to);
    } catch (error) {
      if (options.tolerateVanished && isMissing(error)) return;
      throw error;
    }
    await fs.chmod(file.to, 0o600);
    const { size } = await fs.stat(file.to);
    bytes += size;
    copied++;
  });
  return { files: copied, bytes };
}

/** Files and bytes under a folder. */
export async function sizeOf(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const { size } = await fs.stat(path.join(entry.parentPath, entry.name));
    files++;
    bytes += size;
  }
  return { files, bytes };
}

/** Writes a folder's files and folders through to the disk (fsync), so a finished backup survives a power cut. */
export async function syncTree(dir: string) {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  const paths = entries
    .filter((e) => e.isFile() || e.isDirectory())
    .map((e) => path.join(e.parentPath, e.name))
    .concat(dir);
  await syncFiles(paths);
}

export async function syncFiles(paths: string[]) {
  await inParallel(paths, 4, async (p) => {
    const handle = await fs.open(p, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  });
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
