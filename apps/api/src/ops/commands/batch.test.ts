import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiProcess } from '../../../test/api-build';
import { buildTestApp, TEST_NOW } from '../../../test/app';
import { batchesOf, liveCreditIds, postBatch, statusesOf } from '../../../test/batches-factories';
import { createCreditIds, createSupplier } from '../../../test/estimates-factories';
import { loadConfig } from '../../config';
import { batchAudit, batchCredits } from '../../db/schema';
import { runBatch } from './batch';

const t = await buildTestApp();
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const env = { DATABASE_URL: t.url, APP_NOW: TEST_NOW.toISOString(), LOG_LEVEL: 'silent' };
const supplier = await createSupplier(t.app, t.db);

/** The command function itself, against this file's fresh database, with its output captured. */
async function ops(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runBatch(args, { out: (m) => out.push(m), err: (m) => err.push(m) }, loadConfig(env));
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function newBatch(count = 2) {
  const ids = await createCreditIds(t.db, supplier.pp, count);
  const res = await postBatch(t.app, supplier.headers, ids);
  return { id: res.json().id as number, ids };
}

async function auditActions(batchId: number) {
  const rows = await t.db
    .select()
    .from(batchAudit)
    .where(eq(batchAudit.batchId, batchId))
    .orderBy(batchAudit.id);
  return rows.map((r) => ({ action: r.action, userId: r.userId, creditIds: r.creditIds, at: r.at }));
}

describe('npm run ops -- batch <id> paid|rejected', () => {
  it('marks a REQUESTED batch PAID, its credits PAID, with an audit row', async () => {
    const batch = await newBatch();
    expect(await ops(String(batch.id), 'paid')).toEqual({
      code: 0,
      out: `batch ${batch.id}: REQUESTED → PAID (2 credits)`,
      err: '',
    });
    const [row] = (await batchesOf(t.db, supplier.pp.id)).filter((b) => b.id === batch.id);
    expect(row!.status).toBe('PAID');
    expect(await statusesOf(t.db, batch.ids)).toEqual(['PAID', 'PAID']);
    expect(await liveCreditIds(t.db, batch.id)).toEqual(batch.ids);
    expect((await auditActions(batch.id)).map((a) => a.action)).toEqual(['REQUESTED', 'PAID']);
    expect((await auditActions(batch.id))[1]).toEqual({
      action: 'PAID',
      userId: null,
      creditIds: batch.ids,
      at: TEST_NOW,
    });
  });

  it('rejects a REQUESTED batch and releases its credits for a new request', async () => {
    const batch = await newBatch();
    expect(await ops(String(batch.id), 'rejected')).toMatchObject({
      code: 0,
      out: `batch ${batch.id}: REQUESTED → REJECTED (2 credits, released)`,
    });
    expect(await statusesOf(t.db, batch.ids)).toEqual(['AVAILABLE', 'AVAILABLE']);
    const rows = await t.db.select().from(batchCredits).where(eq(batchCredits.batchId, batch.id));
    expect(rows.map((r) => r.live)).toEqual([false, false]);
    expect((await auditActions(batch.id)).map((a) => a.action)).toEqual(['REQUESTED', 'REJECTED']);
    const again = await postBatch(t.app, supplier.headers, batch.ids);
    expect(again.statusCode).toBe(200);
    expect(await liveCreditIds(t.db, again.json().id)).toEqual(batch.ids);
  });

  it('refuses any other transition with a clear error and exit 1, changing nothing', async () => {
    const paid = await newBatch(1);
    await ops(String(paid.id), 'paid');
    expect(await ops(String(paid.id), 'rejected')).toEqual({
      code: 1,
      out: '',
      err: `batch: batch ${paid.id} is PAID: only a REQUESTED batch can become REJECTED`,
    });
    expect(await ops(String(paid.id), 'paid', '--reference', 'E2E-OTHER')).toMatchObject({ code: 1 });
    expect(await ops(String(paid.id), 'paid')).toEqual({
      code: 0,
      out: `batch ${paid.id} is already PAID: nothing changed`,
      err: '',
    });
    expect(await statusesOf(t.db, paid.ids)).toEqual(['PAID']);
    expect((await auditActions(paid.id)).map((a) => a.action)).toEqual(['REQUESTED', 'PAID']);
    expect(await ops('999999', 'paid')).toEqual({ code: 1, out: '', err: 'batch: batch 999999 not found' });
  });

  it('answers bad usage with exit 2', async () => {
    for (const args of [
      [],
      ['12'],
      ['12', 'cancelled'],
      ['abc', 'paid'],
      ['0', 'paid'],
      ['1', 'paid', 'x'],
      ['1', 'paid', '--reason', 'no'],
      ['1', 'rejected', '--reason'],
      ['1', 'rejected', '--reason', '   '],
      ['1', 'rejected', '--reason', 'x'.repeat(501)],
      ['1', 'rejected', '--why', 'no'],
      ['1', 'rejected', '--reference', 'E2E1'],
      ['1', 'paid', '--reference', 'x'.repeat(65)],
    ]) {
      expect(await ops(...args)).toEqual({
        code: 2,
        out: '',
        err: 'usage: npm run ops -- batch <id> paid [--reference "…"] | rejected [--reason "…"]',
      });
    }
  });

  it('works as the operator runs it, in a child process', async () => {
    const batch = await newBatch(1);
    const run = promisify(execFile);
    const cli = [...apiProcess.cli, 'batch', String(batch.id), 'rejected'];
    const options = { cwd: repoRoot, env: { ...process.env, ...env } };
    const { stdout } = await run('node', cli, options);
    expect(stdout.trim()).toBe(`batch ${batch.id}: REQUESTED → REJECTED (1 credit, released)`);
    expect(await statusesOf(t.db, batch.ids)).toEqual(['AVAILABLE']);
    const again = await run('node', cli, options);
    expect(again.stdout.trim()).toBe(`batch ${batch.id} is already REJECTED: nothing changed`);
    const paid = await run('node', [...cli.slice(0, -1), 'paid'], options).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(paid).toMatchObject({
      code: 1,
      stderr: `batch: batch ${batch.id} is REJECTED: only a REQUESTED batch can become PAID\n`,
    });
  });
});
