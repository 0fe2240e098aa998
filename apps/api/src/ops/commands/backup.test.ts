import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { runBackup } from './backup';
import { runRestore } from './restore';

/*
 * What `ops backup` and `ops restore` refuse, before they touch any database. The real backup, under load, and
 * its restore are proved with server processes in test/backup-restore.test.ts.
 */

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'ops-backup-'));
afterAll(() => fs.rm(root, { recursive: true, force: true }));
let folders = 0;
const folder = async (files: Record<string, string> = {}) => {
  const dir = path.join(root, `f${folders++}`);
  await fs.mkdir(dir);
  for (const [name, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fs.writeFile(path.join(dir, name), text);
  }
  return dir;
};
/** A DATA_DIR that looks as if it held a cluster (nothing runs it). */
const withCluster = () => folder({ 'pg/PG_VERSION': '18\n', 'pg-password': 'x\n' });
/** A folder that looks like a finished backup. */
const aBackup = (major = '18') =>
  folder({
    'backup.json': JSON.stringify({ format: 'portal-backup-1', finishedAt: 'then', stopLsn: '0/1' }),
    'data/PG_VERSION': `${major}\n`,
    'data/backup_label': 'START WAL LOCATION: 0/1\n',
    'files/pg-password': 'x\n',
  });

async function ops(run: typeof runBackup, args: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(args, { out: (m) => out.push(m), err: (m) => err.push(m) }, loadConfig(env));
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

describe('ops backup refuses', () => {
  it('bad usage', async () => {
    const env = { DATA_DIR: await withCluster() };
    expect((await ops(runBackup, [], env)).code).toBe(2);
    expect((await ops(runBackup, ['a', 'b'], env)).code).toBe(2);
    expect((await ops(runBackup, ['--now'], env)).code).toBe(2);
  });

  it('an external database, whose files it cannot reach', async () => {
    const env = { DATA_DIR: await withCluster(), DATABASE_URL: 'postgres://db.example/portal' };
    const result = await ops(runBackup, [path.join(root, 'new-a')], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('external PostgreSQL');
    expect(result.stderr).toContain('its own tooling');
  });

  it('a DATA_DIR without a cluster', async () => {
    const result = await ops(runBackup, [path.join(root, 'new-b')], { DATA_DIR: await folder() });
    expect(result).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('there is no embedded database'),
    });
  });

  it('a target that is not empty, or inside DATA_DIR', async () => {
    const dataDir = await withCluster();
    const full = await folder({ 'something.txt': 'keep me' });
    expect(await ops(runBackup, [full], { DATA_DIR: dataDir })).toMatchObject({
      code: 1,
      stderr: `backup: ${full} is not empty; a backup goes into a new or empty folder`,
    });
    expect(await fs.readdir(full)).toEqual(['something.txt']);
    const inside = await ops(runBackup, [path.join(dataDir, 'backups')], { DATA_DIR: dataDir });
    expect(inside).toMatchObject({ code: 1, stderr: expect.stringContaining('is inside DATA_DIR') });
  });
});

describe('ops restore refuses', () => {
  it('bad usage', async () => {
    expect((await ops(runRestore, [], { DATA_DIR: await folder() })).code).toBe(2);
  });

  it('an external database', async () => {
    const env = { DATA_DIR: await folder(), DATABASE_URL: 'postgres://db.example/portal' };
    const result = await ops(runRestore, [await aBackup()], env);
    expect(result).toMatchObject({ code: 1, stderr: expect.stringContaining('its own tooling') });
  });

  it('a folder that is not a finished backup', async () => {
    const dataDir = await folder();
    const unfinished = await aBackup();
    await fs.rm(path.join(unfinished, 'backup.json'));
    for (const dir of [await folder(), unfinished, path.join(root, 'absent')]) {
      expect(await ops(runRestore, [dir], { DATA_DIR: dataDir })).toMatchObject({
        code: 1,
        stderr: `restore: ${dir} is not a finished backup (made by npm run ops -- backup <dir>)`,
      });
    }
    expect(await fs.readdir(dataDir)).toEqual([]);
  });

  it('a DATA_DIR that is not empty, and leaves it as it was', async () => {
    const dataDir = await withCluster();
    const result = await ops(runRestore, [await aBackup()], { DATA_DIR: dataDir });
    expect(result).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`restore: DATA_DIR ${dataDir} is not empty (pg, pg-password)`),
    });
    expect((await fs.readdir(dataDir)).sort()).toEqual(['pg', 'pg-password']);
  });

  it('a backup of another PostgreSQL major version', async () => {
    const dataDir = path.join(root, 'new-data-dir');
    const result = await ops(runRestore, [await aBackup('17')], { DATA_DIR: dataDir });
    expect(result).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        /^restore: the backup is of PostgreSQL 17; this build runs PostgreSQL 18$/,
      ),
    });
  });
});
