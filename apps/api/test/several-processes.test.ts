import { buildPath, getAccountCall, issueTokenCall, logoutCall, requestBatchCall } from '@portal/contract';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { autoRuleRuns, batchCredits } from '../src/db/schema';
import { batchInvariantViolations } from './batch-invariants';
import { automaticBatches, completedSweeps, saveDemoRule, sendSweeps } from './demo-rules';
import { freePort } from './free-port';
import {
  alfaAvailableCredits,
  DEMO_PROVIDER,
  type HttpAnswer,
  httpRequest,
  loginOverHttp,
  pause,
  serverDatabase,
  serverSetup,
  startServer,
  until,
} from './server-process';

/*
 * Three API processes on one PostgreSQL, as docs/deploy.md describes them behind a proxy: the first one owns the
 * embedded cluster, the two others reach it through DATABASE_URL. Requests go round robin, as a proxy sends them.
 * The clock is frozen on a bank business day at 10:00 in São Paulo (the demo organization is open every hour).
 */

const setup = await serverSetup({ APP_NOW: '2026-11-24T10:00:00-03:00' });
const first = await startServer(setup);
const { db, pool } = serverDatabase(setup);
const databaseUrl = pool.options.connectionString as string;
const others = await Promise.all(
  [0, 1].map(async () => {
    const port = await freePort();
    const server = await startServer({
      ...setup,
      port,
      env: { ...setup.env, PORT: String(port), DATABASE_URL: databaseUrl },
    });
    return { port, server };
  }),
);
const ports = [setup.port, ...others.map((o) => o.port)];
const auth = await loginOverHttp(ports[0]!, DEMO_PROVIDER.login, DEMO_PROVIDER.password);
const { programProviderId } = await alfaAvailableCredits(db);

const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });
const requestBatch = (port: number, creditIds: number[], idempotencyKey?: string) =>
  httpRequest(port, {
    method: 'POST',
    path: buildPath(requestBatchCall),
    headers: { ...json(auth), ...(idempotencyKey && { 'idempotency-key': idempotencyKey }) },
    body: JSON.stringify(creditIds),
  });
const batchesHolding = (creditIds: number[]) =>
  db
    .selectDistinct({ batchId: batchCredits.batchId })
    .from(batchCredits)
    .where(inArray(batchCredits.creditId, creditIds));

describe('three API processes on one database', () => {
  it('an automatic rule runs once for its day, whatever the sweeps of the three', async () => {
    const rule = await saveDemoRule(db, programProviderId, {
      time: '09:00',
      maxTotalPerDayCents: 1_000_000n,
    });
    const before = await completedSweeps(db);
    // Six sweeps at once, which the three processes' workers share out, as the minute's schedule would.
    await sendSweeps(pool, 6);
    await until('the six sweeps done', async () =>
      (await completedSweeps(db)) >= before + 6 ? true : undefined,
    );
    const runs = await db.select().from(autoRuleRuns).where(eq(autoRuleRuns.ruleId, rule.id));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ date: '2026-11-24', status: 'TAKEN' });
    const automatic = await automaticBatches(db, programProviderId);
    expect(automatic.map((b) => b.id)).toEqual([runs[0]!.batchId]);
  });

  it('50 parallel requests for the same invoices, round robin: one request, 49 clean refusals', async () => {
    const { creditIds } = await alfaAvailableCredits(db);
    const chosen = creditIds.slice(0, 3);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => requestBatch(ports[i % ports.length]!, chosen)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(49);
    for (const refused of answers.filter((a) => a.status === 400)) {
      expect(JSON.parse(refused.body).code).toMatch(/^error\.credit\./);
    }
    expect(await batchesHolding(chosen)).toHaveLength(1);
    expect(await batchInvariantViolations(db, [programProviderId])).toEqual([]);
  });

  it('shares the brute-force limit: 10 failures spread over the three, the 11th refused on any', async () => {
    const login = 'nobody-spread@demo.test';
    const attempt = (port: number) =>
      httpRequest(port, {
        method: 'POST',
        path: buildPath(issueTokenCall),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          username: login,
          password: 'wrong-password-1',
          grant_type: 'password',
          client_id: 'portal-web',
          client_secret: 'portal-web-secret',
        }).toString(),
      });
    for (let i = 0; i < 10; i++) expect((await attempt(ports[i % 3]!)).status).toBe(401);
    for (const port of ports) {
      const locked = await attempt(port);
      expect(locked.status).toBe(429);
      expect(JSON.parse(locked.body).code).toBe('error.user.tooManyAttempts');
    }
  });

  it('a token revoked on one process is refused by all three at once', async () => {
    const token = await loginOverHttp(ports[1]!, DEMO_PROVIDER.login, DEMO_PROVIDER.password);
    for (const port of ports) {
      expect(
        (await httpRequest(port, { method: 'GET', path: buildPath(getAccountCall), headers: token })).status,
      ).toBe(200);
    }
    await httpRequest(ports[0]!, { method: 'POST', path: buildPath(logoutCall), headers: token });
    for (const port of ports) {
      const refused = await httpRequest(port, {
        method: 'GET',
        path: buildPath(getAccountCall),
        headers: token,
      });
      expect(refused.status).toBe(401);
    }
  });

  it('SIGTERM of one process under load: every acknowledged request is there, none made twice', async () => {
    const { creditIds } = await alfaAvailableCredits(db);
    const wanted = creditIds.slice(0, 60);
    expect(wanted.length).toBe(60);
    const acknowledged = new Map<number, number>(); // credit → batch
    let served = 0;
    let retried = 0;
    const stopping = others[1]!;
    // Four clients, each asking for one credit at a time with its own Idempotency-Key, round robin over the three
    // processes; a refused connection or a 503 (the stopping process) is retried on the next one with the same key.
    const client = async (index: number) => {
      for (let k = index; k < wanted.length; k += 4) {
        const creditId = wanted[k]!;
        const key = `sigterm-${creditId}`;
        for (let attempt = 0; ; attempt++) {
          const port = ports[(k + attempt) % ports.length]!;
          let answer: HttpAnswer | undefined;
          try {
            answer = await requestBatch(port, [creditId], key);
          } catch {
            answer = undefined; // the stopped process: nobody listens any more
          }
          if (answer?.status === 200) {
            acknowledged.set(creditId, JSON.parse(answer.body).id as number);
            served += 1;
            break;
          }
          if (answer && answer.status !== 503)
            throw new Error(`credit ${creditId}: ${answer.status} ${answer.body}`);
          if (attempt > 10) throw new Error(`credit ${creditId}: no process took it`);
          retried += 1;
          await pause(50);
        }
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(client));
    await until('some requests acknowledged', () => (served >= 12 ? true : undefined));
    stopping.server.child.kill('SIGTERM');
    const servedAtSignal = served;
    await load;
    console.log(
      `SIGTERM under load: ${servedAtSignal} acknowledged before the signal, ${wanted.length} in all, ${retried} retried on another process`,
    );
    expect(await stopping.server.exited, stopping.server.output().slice(-4_000)).toBe(0);

    expect(acknowledged.size).toBe(wanted.length);
    const made = await db
      .select({ batchId: batchCredits.batchId, creditId: batchCredits.creditId })
      .from(batchCredits)
      .where(inArray(batchCredits.creditId, wanted));
    // One batch per credit, the one its answer named: nothing lost, nothing made twice.
    expect(made).toHaveLength(wanted.length);
    for (const row of made) expect(acknowledged.get(row.creditId)).toBe(row.batchId);
    expect(await batchInvariantViolations(db, [programProviderId])).toEqual([]);
    expect(first.child.exitCode).toBeNull();
  });
});
