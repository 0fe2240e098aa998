import { chmod, copyFile, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomSecret } from '../lib/crypto';
import { extensionOf, type UploadMeta, type UploadStore } from './upload-store';

/** Generated names only: anything else (a traversal attempt through `open`) is refused. */
const storedNamePattern = /^[A-Za-z0-9_-]{20,64}\.(pdf|xml|png|jpg)$/;

/** A private directory (0700) created on first use, so building the app writes nothing to disk. */
export function ensurePrivateDir(dir: string) {
  let ready: Promise<void> | undefined;
  return () => {
    ready ??= mkdir(dir, { recursive: true, mode: 0o700 })
      // mkdir's mode passes through the umask and does not touch an existing folder.
      .then(() => chmod(dir, 0o700))
      .catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
    return ready;
  };
}

/** Uploads as files in one local folder, each under a random name with the extension of its sniffed type. */
export function createLocalUploadStore(dir: string): UploadStore & { dir: string } {
  const ensureDir = ensurePrivateDir(dir);
  const pathOf = (storedName: string) => {
    if (!storedNamePattern.test(storedName)) throw new Error('invalid stored name');
    return path.join(dir, storedName);
  };

  return {
    dir,
    async put(tempPath: string, meta: UploadMeta) {
      await ensureDir();
      const storedName = `${randomSecret(18)}.${extensionOf[meta.contentType]}`;
      const target = pathOf(storedName);
      try {
        await rename(tempPath, target);
      } catch (error) {
        // The temp folder may sit on another filesystem (a mounted uploads volume): copy instead.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(tempPath, target, 1 /* COPYFILE_EXCL */);
      }
      await chmod(target, 0o600);
      await fsyncFile(target);
      return { storedName };
    },
    async open(storedName: string) {
      const file = await open(pathOf(storedName), 'r');
      return file.createReadStream();
    },
    async remove(storedName: string) {
      await rm(pathOf(storedName), { force: true });
    },
  };
}

/** The database row will say the file exists: make sure it survives a crash first. */
async function fsyncFile(filePath: string) {
  const handle = await open(filePath, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
