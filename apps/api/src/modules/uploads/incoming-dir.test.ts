import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createIncomingDir } from './incoming-dir';

const root = await mkdtemp(path.join(os.tmpdir(), 'portal-incoming-'));
afterAll(() => rm(root, { recursive: true, force: true }));

describe('createIncomingDir', () => {
  it('creates a private folder and sweeps only temp files a dead process left behind', async () => {
    const dir = path.join(root, 'tmp');
    await mkdir(dir, { mode: 0o755 });
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of ['stale.part', 'live.part', 'someone-else.txt'])
      await writeFile(path.join(dir, name), 'x');
    await utimes(path.join(dir, 'stale.part'), twoHoursAgo, twoHoursAgo);
    await utimes(path.join(dir, 'someone-else.txt'), twoHoursAgo, twoHoursAgo);

    await createIncomingDir(dir).ensure();

    expect((await readdir(dir)).sort()).toEqual(['live.part', 'someone-else.txt']);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });
});
