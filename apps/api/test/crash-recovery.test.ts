import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildPath, errorBody, requestBatchCall } from '@portal/contract';
import { inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batches, credits } from '../src/db/schema';
import { batchInvariantViolations } from './batch-invariants';
import { liveCreditIds } from './batches-factories';
import {
  alfaAvailableCredits,
  crashPostgres,
  DEMO_PROVIDER,
  httpRequest,
  loginOverHttp,
  postmasterPid,
  type RunningServer,
  serverDatabase,
  serverSetup,
  startServer,
} from './server-process';

// The demo organization is open every day at any hour; a fixed clock keeps the test off its one closed minute.
const setup = await serverSetup({ APP_NOW: '2026-11-23T10:00:00-03:00' });

/** Lives of the server ended by SIGKILL; in one of them PostgreSQL crashes as well (immediate shutdown). */
const KILLS = 5;
const DATABASE_CRASH_LIFE = 2;
const WORKERS = 4;
const MAX_NEW_REQUESTS_PER_LIFE = 60;

type SentRequest = {
  key: string;
  ids: number[];
  attempts: number;
  answer?: { status: number; body: string };
};

/** mulberry32: a seeded generator, so a failing run can be replayed with its printed seed. */
function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the server process killed with SIGKILL while batch requests come in', () => {
  it('keeps every acknowledged batch, claims no credit twice, and each next start just works', async () => {
    const seed = Number(process.env.CRASH_TEST_SEED ?? Date.now() % 2 ** 31);
    console.log(`crash test seed ${seed} (CRASH_TEST_SEED=${seed} replays it)`);
    const random = seededRandom(seed);

    let server: RunningServer = await startServer(setup);
    const auth = await loginOverHttp(setup.port, DEMO_PROVIDER.login, DEMO_PROVIDER.password);
    const { db } = serverDatabase(setup);
    const { programProviderId, creditIds: creditPool } = await alfaAvailableCredits(db);
    expect(creditPool.length).toBeGreaterThan(200);

    const sent: SentRequest[] = [];
    const taken = new Set<number>(); // credits of batches the client saw acknowledged
    const serverErrors: string[] = [];
    const cutWhileAlive: string[] = [];
    const replayMismatches: string[] = [];
    const restartMs: number[] = [];
    const committedUnanswered = new Map<string, number>(); // key → batch id
    const cutKeys = new Set<string>(); // requests whose answer a kill took away, at least once
    let cuts = 0;
    let killed = false;

    const send = async (request: SentRequest) => {
      request.attempts++;
      try {
        const res = await httpRequest(setup.port, {
          method: 'POST',
          path: buildPath(requestBatchCall),
          headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': request.key },
          body: JSON.stringify(request.ids),
        });
        if (res.status >= 500) serverErrors.push(`${request.key}: ${res.status} ${res.body}`);
        if (request.answer && request.answer.body !== res.body) {
          replayMismatches.push(`${request.key}: ${request.answer.body} then ${res.body}`);
        }
        request.answer ??= { status: res.status, body: res.body };
        if (res.status === 200) for (const id of request.ids) taken.add(id);
      } catch (error) {
        cuts++;
        cutKeys.add(request.key);
        if (!killed) cutWhileAlive.push(`${request.key}: ${(error as Error).message}`);
      }
    };

    for (let life = 0; life <= KILLS; life++) {
      const lastLife = life === KILLS;
      if (life > 0) {
        const orphanSurvived = postmasterPid(setup) !== undefined;
        const restartAt = Date.now();
        server = await startServer(setup);
        restartMs.push(Date.now() - restartAt);
        // Killing node leaves pg_ctl's detached postmaster running: the next start adopts it, so that its
        // own shutdown stops it. After the database crash, it starts PostgreSQL, which replays its WAL.
        expect(server.output().includes('adopting the embedded PostgreSQL')).toBe(orphanSurvived);
        killed = false;
        // Requests whose answer the kill took away but whose batch had been committed: their retry must
        // answer that very batch.
        const pendingKeys = sent.filter((r) => r.answer === undefined).map((r) => r.key);
        const committed = await db
          .select({ id: batches.id, key: batches.idempotencyKey })
          .from(batches)
          .where(inArray(batches.idempotencyKey, pendingKeys.length ? pendingKeys : ['none']));
        for (const b of committed) committedUnanswered.set(b.key!, b.id);
      }

      // Retries first (same key, same body), then new requests for credits the client believes free; the
      // first free ones, so that concurrent requests compete for the same credits.
      const queue = lastLife
        ? sent.filter((r) => r.answer === undefined || r.answer.status === 200)
        : sent.filter((r) => r.answer === undefined);
      let newRequests = 0;
      const next = (): SentRequest | undefined => {
        if (killed) return undefined;
        const retry = queue.shift();
        if (retry || lastLife || newRequests >= MAX_NEW_REQUESTS_PER_LIFE) return retry;
        const free = creditPool.filter((id) => !taken.has(id)).slice(0, 10);
        if (free.length < 3) return undefined;
        newRequests++;
        const ids = free.filter(() => random() < 0.25).slice(0, 3);
        const request = { key: `crash-${sent.length}`, ids: ids.length ? ids : [free[0]!], attempts: 0 };
        sent.push(request);
        return request;
      };

      // The kill: while the k-th new request of this life is on its way (k and the delay random).
      const killAfter = 5 + Math.floor(random() * 30);
      const killDelayMs = random() * 20;
      const victim = server;
      let killScheduled = false;
      const worker = async () => {
        for (let request = next(); request; request = next()) {
          const sending = send(request);
          if (!lastLife && !killScheduled && newRequests === killAfter) {
            killScheduled = true;
            setTimeout(() => {
              killed = true;
              victim.child.kill('SIGKILL');
            }, killDelayMs);
          }
          await sending;
        }
      };
      await Promise.all(Array.from({ length: WORKERS }, worker));
      if (lastLife) break;
      if (!killed) {
        killed = true; // every request of this life was answered before the moment came
        victim.child.kill('SIGKILL');
      }
      expect(await victim.exited).toBeNull(); // killed by the signal, no exit code
      if (life === DATABASE_CRASH_LIFE) await crashPostgres(setup);
    }

    const acknowledged = sent.filter((r) => r.answer?.status === 200);
    const refused = sent.filter((r) => r.answer?.status === 400);
    const retried = [...cutKeys].filter((key) => !committedUnanswered.has(key));
    console.log(
      `${KILLS} SIGKILLs (one with a PostgreSQL crash): ${sent.length} requests, ${acknowledged.length} batches, ` +
        `${refused.length} refused; ${cuts} answers lost to a kill, of ${cutKeys.size} requests: ` +
        `${committedUnanswered.size} committed ` +
        `(the retry answered that batch), ${retried.length} not (the retry decided); ` +
        `restarts ${restartMs.join(', ')} ms`,
    );
    for (const [key, id] of committedUnanswered) {
      const answer = sent.find((r) => r.key === key)!.answer!;
      expect({ key, status: answer.status, id: JSON.parse(answer.body).id }).toEqual({
        key,
        status: 200,
        id,
      });
    }
    expect(serverErrors).toEqual([]);
    expect(cutWhileAlive).toEqual([]);
    expect(replayMismatches).toEqual([]);
    expect(cuts).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThan(0);
    // Every request ended with a definitive answer: its batch, or a clean refusal (the credits were taken).
    expect(sent.filter((r) => r.answer === undefined)).toEqual([]);
    for (const r of refused) expect(JSON.parse(r.answer!.body)).toEqual(errorBody('error.credit.notfound'));

    // In the database: exactly the acknowledged batches, each with exactly its credits, and nothing else.
    const stored = await db
      .select({ id: batches.id, key: batches.idempotencyKey, status: batches.status })
      .from(batches)
      .where(like(batches.idempotencyKey, 'crash-%'));
    const byKey = new Map(stored.map((b) => [b.key, b]));
    expect(stored).toHaveLength(acknowledged.length);
    for (const r of acknowledged) {
      const batch = byKey.get(r.key);
      expect(batch, r.key).toMatchObject({ id: JSON.parse(r.answer!.body).id, status: 'REQUESTED' });
      expect(await liveCreditIds(db, batch!.id)).toEqual([...r.ids].sort((a, b) => a - b));
    }
    const claimed = new Set(acknowledged.flatMap((r) => r.ids));
    expect(claimed.size).toBe(acknowledged.reduce((n, r) => n + r.ids.length, 0)); // no credit twice
    const statuses = await db
      .select({ id: credits.id, status: credits.status })
      .from(credits)
      .where(inArray(credits.id, creditPool));
    for (const { id, status } of statuses)
      expect(status, `credit ${id}`).toBe(claimed.has(id) ? 'REQUESTED' : 'AVAILABLE');
    expect(await batchInvariantViolations(db, [programProviderId])).toEqual([]);

    // The database crash was real: PostgreSQL replayed its WAL on the next start.
    const pgLog = readFileSync(path.join(setup.dataDir, 'pg', 'server.log'), 'utf8');
    expect(pgLog).toContain('automatic recovery in progress');

    // And after all that, a graceful stop still stops the (adopted) PostgreSQL cleanly.
    server.child.kill('SIGTERM');
    // The server's last words in the message: an exit code alone does not say which part of the stop failed.
    expect(await server.exited, server.output().slice(-4_000)).toBe(0);
    expect(postmasterPid(setup)).toBeUndefined();
  }, 150_000);
});
