import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalUploadStore } from './local-upload-store';

const root = await mkdtemp(path.join(os.tmpdir(), 'portal-store-'));
afterAll(() => rm(root, { recursive: true, force: true }));

async function tempFile(content: string) {
  const file = path.join(root, `incoming-${Math.random().toString(36).slice(2)}`);
  await writeFile(file, content);
  return file;
}

const meta = { sha256: '0'.repeat(64), contentType: 'application/xml' } as const;

describe('createLocalUploadStore', () => {
  it('moves the temp file into a private folder under a generated name, then opens and removes it', async () => {
    const store = createLocalUploadStore(path.join(root, 'uploads'));
    const temp = await tempFile('<NFe/>');

    const { storedName } = await store.put(temp, meta);

    expect(storedName).toMatch(/^[A-Za-z0-9_-]{24}\.xml$/);
    expect((await stat(store.dir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(store.dir, storedName))).mode & 0o777).toBe(0o600);
    await expect(stat(temp)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await text(await store.open(storedName))).toBe('<NFe/>');

    await store.remove(storedName);
    await store.remove(storedName);
    expect(await readdir(store.dir)).toEqual([]);
  });

  it('tightens an existing folder to 0700', async () => {
    const dir = path.join(root, 'loose');
    await mkdir(dir, { mode: 0o755 });
    const store = createLocalUploadStore(dir);
    await store.put(await tempFile('<NFe/>'), meta);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });

  it.each(['../secret.xml', '/etc/passwd', 'short.xml', `${'a'.repeat(24)}.exe`])(
    'refuses to open or remove %j, which it never generated',
    async (name) => {
      const store = createLocalUploadStore(path.join(root, 'uploads'));
      await expect(store.open(name)).rejects.toThrow('invalid stored name');
      await expect(store.remove(name)).rejects.toThrow('invalid stored name');
    },
  );
});
