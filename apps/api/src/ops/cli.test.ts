import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { apiProcess } from '../../test/api-build';
import { freshDatabase } from '../../test/database';
import { countRows, credit, smallDocument } from '../../test/import-documents';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const { db, url } = await freshDatabase();
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ops-cli-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** Runs `npm run ops -- …` as the operator would (minus npm), against this file's database. */
async function ops(...args: string[]) {
  const env = { ...process.env, DATABASE_URL: url, PUBLIC_URL: 'https://portal.example.test' };
  try {
    const { stdout, stderr } = await run('node', [...apiProcess.cli, ...args], {
      cwd: repoRoot,
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function writeFile(name: string, doc: unknown) {
  const file = path.join(dir, name);
  await fs.writeFile(file, JSON.stringify(doc));
  return file;
}

describe('npm run ops -- import', () => {
  it('exits 1 with the bad entry’s path on stderr, and writes nothing', async () => {
    const doc = smallDocument();
    doc.credits.push(credit('k4', '12.345'));
    const result = await ops('import', await writeFile('bad.json', doc));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('credits[3].originalValue: validation.money.invalid');
    expect(Object.values(await countRows(db)).every((n) => n === 0)).toBe(true);
  });

  it('exits 1 on a file that is not JSON', async () => {
    const file = path.join(dir, 'broken.json');
    await fs.writeFile(file, '{"organizations": [');
    const result = await ops('import', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('not valid JSON');
  });

  it('imports a good file and prints the counts and the generated invite links', async () => {
    const result = await ops('import', await writeFile('good.json', smallDocument()));
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/1 organizations, 1 buyers, 1 companies, 0 funders, 1 users, .*3 credits/);
    expect(result.stdout).toMatch(
      /invite for new\.user@example\.test: https:\/\/portal\.example\.test\/accept-invite\/[\w-]{43}\?companyName=Supplier%20Ltda&identification=11444777000161&organizationName=Acme%20Platform/,
    );
    expect((await countRows(db)).credits).toBe(3);
  });

  it('answers an unknown command with the usage (exit 2) and a planned one with "not available yet"', async () => {
    const [unknown, planned] = await Promise.all([ops('frobnicate'), ops('credits', 'import', 'x.csv')]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('usage: npm run ops -- <command>');
    expect(planned.code).toBe(2);
    expect(planned.stderr).toContain('not available yet');
  });
});
