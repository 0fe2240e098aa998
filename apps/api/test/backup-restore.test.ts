import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  buildPath,
  cancelBatchCall,
  getBatchCall,
  listBatchesCall,
  requestBatchCall,
} from '@portal/contract';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { apiRoot } from '../src/api-root';
import { batches, programProviders } from '../src/db/schema';
import type { BackupManifest } from '../src/ops/commands/backup-files';
import { apiProcess } from './api-build';
import { batchInvariantViolations } from './batch-invariants';
import {
  alfaAvailableCredits,
  DEMO_PROVIDER,
  httpRequest,
  loginOverHttp,
  postmasterPid,
  type RunningServer,
  type ServerSetup,
  serverDatabase,
  serverSetup,
  startServer,
  until,
} from './server-process';

/*
 * `ops backup` while the server serves a stream of early-payment requests, `ops restore` into an empty
 * DATA_DIR, and the product started on the copy (docs/product/operations.md#backups).
 */

// The demo organization is open every day at any hour; a fixed clock keeps the test off its one closed minute.
const APP_NOW = '2026-11-23T10:00:00-03:00';
const source = await serverSetup({ APP_NOW });
const restored = await serverSetup({ APP_NOW }, { emptyDataDir: true });
const backups = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-backups-'));
afterAll(() => fs.rm(backups, { recursive: true, force: true }));

const WORKERS = 4;
const CREDITS_PER_WORKER = 5;
const WARM_UP_BATCHES = 20;

type OpsRun = { code: number | null; output: string; seen: Map<string, number> };

/** The built CLI as `npm run ops` runs it; `seen`: when each `marks` text showed up. */
function runOps(setup: ServerSetup, args: string[], marks: string[] = []): Promise<OpsRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...apiProcess.cli, ...args], {
      cwd: apiRoot,
      env: setup.env,
    });
    let output = '';
    const seen = new Map<string, number>();
    const onData = (d: Buffer) => {
      output += d;
      for (const mark of marks) if (!seen.has(mark) && output.includes(mark)) seen.set(mark, Date.now());
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output, seen }));
  });
}

/** SIGTERM: the server stops cleanly (exit 0) and so does its PostgreSQL. */
async function stopServer(server: RunningServer, setup: ServerSetup) {
  server.child.kill('SIGTERM');
  const code = await server.exited;
  // The server's own lines in the failure: the reason for an exit other than 0 is among them.
  expect(code, `server stopped with exit code ${code}:\n${server.output().slice(-4000)}`).toBe(0);
  await until('PostgreSQL stopped', () => (postmasterPid(setup) === undefined ? true : undefined));
}

type Ack = { key: string; batchId: number; creditId: number; requestedAt: number; cancelledAt?: number };
type Answered = { at: number; ms: number };

describe('ops backup and restore', () => {
  it('backs up under load; the restored copy starts and holds every request acknowledged before', async () => {
    const server = await startServer(source);
    const auth = await loginOverHttp(source.port, DEMO_PROVIDER.login, DEMO_PROVIDER.password);
    const { db } = serverDatabase(source);
    const { programProviderId, creditIds } = await alfaAvailableCredits(db);
    expect(creditIds.length).toBeGreaterThanOrEqual(WORKERS * CREDITS_PER_WORKER);
    // An upload of DATA_DIR, to be found beside the restored cluster.
    const uploadName = 'backupTestUpload0000000000.pdf';
    await fs.mkdir(path.join(source.dataDir, 'uploads'), { recursive: true, mode: 0o700 });
    await fs.writeFile(path.join(source.dataDir, 'uploads', uploadName), '%PDF-1.4 test', { mode: 0o600 });

    // The stream: each worker requests early payment of one of its own credits, then cancels the request, which
    // releases the credit for its next round. Both are writes the server acknowledges with 200.
    const acks: Ack[] = [];
    const failures: string[] = [];
    const answered: Answered[] = []; // every 200, when and how long it took
    let sent = 0;
    let stopping = false;
    const post = async (p: string, body: unknown, key?: string) => {
      const sentAt = Date.now();
      const res = await httpRequest(source.port, {
        method: 'POST',
        path: p,
        headers: { ...auth, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
        body: JSON.stringify(body),
      });
      if (res.status === 200) answered.push({ at: Date.now(), ms: Date.now() - sentAt });
      return res;
    };
    const worker = async (own: number[]) => {
      for (let round = 0; !stopping; round++) {
        const creditId = own[round % own.length]!;
        const key = `backup-${sent++}`;
        const requested = await post(buildPath(requestBatchCall), [creditId], key);
        if (requested.status !== 200) {
          failures.push(`${key}: ${requested.status} ${requested.body}`);
          continue;
        }
        const ack: Ack = { key, batchId: JSON.parse(requested.body).id, creditId, requestedAt: Date.now() };
        acks.push(ack);
        const cancelled = await post(buildPath(cancelBatchCall, { id: ack.batchId }), {});
        if (cancelled.status !== 200) failures.push(`cancel ${key}: ${cancelled.status} ${cancelled.body}`);
        else ack.cancelledAt = Date.now();
      }
    };
    const load = Promise.all(
      Array.from({ length: WORKERS }, (_, i) =>
        worker(creditIds.slice(i * CREDITS_PER_WORKER, (i + 1) * CREDITS_PER_WORKER)),
      ),
    );
    while (acks.length < WARM_UP_BATCHES && failures.length === 0)
      await new Promise((r) => setTimeout(r, 20));

    const target = path.join(backups, 'under-load');
    const spawnedAt = Date.now();
    const backup = await runOps(source, ['backup', target], ['backup: started', 'backup: stopped']);
    const exitedAt = Date.now();
    await new Promise((r) => setTimeout(r, 300));
    stopping = true;
    await load;
    expect(backup.output).toContain('backup: started');
    expect(backup.code, backup.output).toBe(0);
    expect(failures).toEqual([]);
    const manifest = JSON.parse(
      await fs.readFile(path.join(target, 'backup.json'), 'utf8'),
    ) as BackupManifest;
    const before = acks.filter((a) => a.requestedAt < spawnedAt);
    const during = acks.filter((a) => a.requestedAt >= spawnedAt && a.requestedAt <= exitedAt);
    const startSeen = backup.seen.get('backup: started')!;
    const stopSeen = backup.seen.get('backup: stopped')!;
    const betweenStartAndStop = acks.filter((a) => a.requestedAt >= startSeen && a.requestedAt <= stopSeen);
    expect(during.length).toBeGreaterThan(0);

    await stopServer(server, source);

    // Restore into the other setup's DATA_DIR (new and empty), then start the product on it.
    const restoreAt = Date.now();
    const restore = await runOps(restored, ['restore', target]);
    const restoreMs = Date.now() - restoreAt;
    expect(restore.code, restore.output).toBe(0);
    const startAt = Date.now();
    const copyServer = await startServer(restored);
    const startMs = Date.now() - startAt;
    expect(copyServer.output()).not.toContain('initialising embedded PostgreSQL');
    const pgLog = readFileSync(path.join(restored.dataDir, 'pg', 'server.log'), 'utf8');
    expect(pgLog).toContain('starting backup recovery');
    expect(pgLog).toContain('consistent recovery state reached');

    const copy = serverDatabase(restored).db;
    const stored = await copy
      .select({ id: batches.id, key: batches.idempotencyKey, status: batches.status })
      .from(batches)
      .where(like(batches.idempotencyKey, 'backup-%'));
    const byKey = new Map(stored.map((b) => [b.key, b]));
    for (const ack of before) {
      const cancelledBefore = ack.cancelledAt !== undefined && ack.cancelledAt < spawnedAt;
      expect(byKey.get(ack.key), ack.key).toEqual({
        id: ack.batchId,
        key: ack.key,
        status: cancelledBefore ? 'CANCELLED' : expect.stringMatching(/^(REQUESTED|CANCELLED)$/),
      });
    }
    // Nothing the client never had acknowledged by then, or under another id; and the batches are whole.
    const acked = new Map(acks.map((a) => [a.key, a.batchId]));
    for (const b of stored) expect(acked.get(b.key!), b.key!).toBe(b.id);
    expect(await batchInvariantViolations(copy, [programProviderId])).toEqual([]);
    const duringInCopy = during.filter((a) => byKey.has(a.key)).length;
    const slowest = (list: Answered[]) => Math.max(...list.map((a) => a.ms));
    const slowestBefore = slowest(answered.filter((a) => a.at < spawnedAt));
    const slowestDuring = slowest(answered.filter((a) => a.at >= spawnedAt && a.at <= exitedAt));

    // The product answers on the copy: the list counts what the database holds, and a request opens.
    const copyAuth = await loginOverHttp(restored.port, DEMO_PROVIDER.login, DEMO_PROVIDER.password);
    const [participation] = await copy
      .select({ companyId: programProviders.companyId })
      .from(programProviders)
      .where(eq(programProviders.id, programProviderId));
    const [counted] = await copy
      .select({ count: sql<number>`count(*)::int` })
      .from(batches)
      .where(eq(batches.companyId, participation!.companyId));
    const list = await httpRequest(restored.port, {
      method: 'GET',
      path: `${buildPath(listBatchesCall)}?size=100`,
      headers: copyAuth,
    });
    expect(list.status).toBe(200);
    expect(JSON.parse(list.body).totalElements).toBe(counted!.count);
    const last = before.at(-1)!;
    const detail = await httpRequest(restored.port, {
      method: 'GET',
      path: buildPath(getBatchCall, { id: last.batchId }),
      headers: copyAuth,
    });
    expect(detail.status).toBe(200);
    expect(JSON.parse(detail.body)).toMatchObject({ id: last.batchId, status: byKey.get(last.key)!.status });

    // DATA_DIR's keys and uploads came along: second-factor secrets open with the same key.
    const secretsKey = (dir: string) => readFileSync(path.join(dir, 'secrets.key'), 'utf8');
    expect(secretsKey(restored.dataDir)).toBe(secretsKey(source.dataDir));
    expect(await fs.readFile(path.join(restored.dataDir, 'uploads', uploadName), 'utf8')).toBe(
      '%PDF-1.4 test',
    );

    const seconds = (from: number | string, to: number | string) =>
      ((new Date(to).getTime() - new Date(from).getTime()) / 1000).toFixed(1);
    console.log(
      `backup under load: ${(manifest.bytes / 1024 / 1024).toFixed(1)} MB in ${manifest.files} files; ` +
        `${manifest.seconds} s from pg_backup_start to a complete backup (start to stop ` +
        `${seconds(manifest.startedAt, manifest.stoppedAt)} s), the CLI ran ${seconds(spawnedAt, exitedAt)} s; ` +
        `${before.length} requests acknowledged before it began, all in the copy; ${during.length} acknowledged ` +
        `while the CLI ran (${betweenStartAndStop.length} between its start and stop lines), ${duringInCopy} of ` +
        `them in the copy; slowest answer ${slowestBefore} ms before the backup, ${slowestDuring} ms during it; restore ${seconds(0, restoreMs)} s, the server on the copy ready in ${seconds(0, startMs)} s`,
    );
    await stopServer(copyServer, restored);
  }, 90_000);

  it('backs up a stopped server: starts the cluster for the command and stops it after', async () => {
    expect(postmasterPid(source)).toBeUndefined();
    const target = path.join(backups, 'stopped');
    const backup = await runOps(source, ['backup', target]);
    expect(backup.code, backup.output).toBe(0);
    expect(postmasterPid(source)).toBeUndefined();
    const manifest = JSON.parse(
      await fs.readFile(path.join(target, 'backup.json'), 'utf8'),
    ) as BackupManifest;
    expect(manifest).toMatchObject({
      format: 'portal-backup-1',
      dataDirFiles: ['pg-password', 'secrets.key', 'uploads'],
    });
  }, 30_000);
});
