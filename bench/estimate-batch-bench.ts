/*
 * Latency of the two heavy early-payment calls, over real HTTP against a throw-away embedded PostgreSQL:
 *   - PUT estimates/request with 1,000 credit ids (target: p95 < 100 ms),
 *   - POST batches/request of 30 credits, each request claiming new credits.
 * Run: node --import tsx bench/estimate-batch-bench.ts  (about a minute; stops and deletes what it started)
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { Database } from '../apps/api/src/db/client';
import { createDatabase } from '../apps/api/src/db/client';
import { ensureEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { frozenClock } from '../apps/api/src/lib/clock';
import type { Mailer } from '../apps/api/src/mail';
import {
  createBuyer,
  createCredits,
  createProgram,
  createProgramProvider,
} from '../apps/api/test/early-payment-factories';
import { createCompany, createOrganization, createUser } from '../apps/api/test/factories';
import { freePort } from '../apps/api/test/free-port';
import { passwordGrantForm } from '../e2e/local-client';

const ESTIMATE_CREDITS = 1_000;
const BATCH_CREDITS = 30;
const RUNS = { warmup: 15, estimate: 200, estimateAll: 100, batch: 150 };
const DEADLINE_MS = 100_000;

type Figures = { runs: number; p50: number; p95: number; max: number; cpu?: number };

function figuresOf(samples: number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { runs: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1]! };
}

const format = (f: Figures) =>
  `runs ${String(f.runs).padStart(3)}  p50 ${f.p50.toFixed(1).padStart(6)} ms  p95 ${f.p95.toFixed(1).padStart(6)} ms  max ${f.max.toFixed(1).padStart(6)} ms  node CPU ${f.cpu?.toFixed(1).padStart(5)} ms/request`;

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One HTTP call as a browser makes it (keep-alive, compressed answer accepted), timed to the last byte.
 * node:http rather than fetch: fetch would also inflate the answer in this process, which is the
 * client's work, not the server's.
 */
function send(
  base: string,
  input: { method: string; url: string; headers: Record<string, string>; body?: unknown },
) {
  const payload = input.body === undefined ? undefined : JSON.stringify(input.body);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      `${base}${input.url}`,
      {
        method: input.method,
        agent,
        headers: {
          ...input.headers,
          'accept-encoding': 'gzip, deflate, br',
          ...(payload !== undefined && { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          // Only a failure is read (to report it); errors are small, so never compressed.
          const text = res.statusCode === 200 || res.headers['content-encoding'] ? '' : raw.toString();
          resolve({ status: res.statusCode ?? 0, text });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** One supplier: 1,000 credits to estimate in one participation, the batch credits in another. */
async function seedBench(
  db: Database,
  base: string,
  counts: { estimateCredits: number; batchCredits: number },
) {
  const org = await createOrganization(db);
  const buyer = await createBuyer(db, org.id);
  const program = await createProgram(db, org.id, buyer.id, {
    platformFee: '0.0035',
    iof: [{ validFrom: '2026-01-01', daily: '0.000082', fixed: '0.0038' }],
  });
  const company = await createCompany(db, org.id);
  const participation = (programId: number) =>
    createProgramProvider(db, { organizationId: org.id, programId, companyId: company.id });
  const estimatePp = await participation(program.id);
  const batchPp = await participation((await createProgram(db, org.id, buyer.id)).id);
  const insert = async (pp: { id: number; organizationId: number }, count: number) => {
    const ids: number[] = [];
    for (let done = 0; done < count; done += 1_000) {
      const rows = Array.from({ length: Math.min(1_000, count - done) }, (_, i) => ({
        originalValueCents: BigInt(50_000 + (((done + i) * 7_919) % 5_000_000)),
        expireDate: `2026-${String(4 + ((done + i) % 8)).padStart(2, '0')}-${String(1 + ((done + i) % 28)).padStart(2, '0')}`,
      }));
      ids.push(...(await createCredits(db, pp, rows)).map((r) => r.id));
    }
    return ids;
  };
  const estimateIds = await insert(estimatePp, counts.estimateCredits);
  const batchIds = await insert(batchPp, counts.batchCredits);
  const user = await createUser(db, org.id, { companyIds: [company.id] });
  const token = await fetch(`${base}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(passwordGrantForm(user.login, user.password)),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  return {
    headers: { authorization: `Bearer ${token.access_token}` },
    estimateIds,
    estimatePp: estimatePp.id,
    batchIds,
    creditCount: estimateIds.length + batchIds.length,
  };
}

async function main() {
  const started = performance.now();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  const pg = await ensureEmbeddedPostgres({ dataDir, port: await freePort(), database: 'bench' });
  const { db, pool } = createDatabase(pg.url);
  const silentMailer: Mailer = { send: async () => {}, close: async () => {} };
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await migrateDatabase(pool);
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST: '/nonexistent' });
    // A Tuesday at 10:00 in São Paulo: inside the operating window, so every batch request is accepted.
    const clock = frozenClock(new Date('2026-03-10T10:00:00-03:00'));
    app = await buildApp({ config, db, clock, mailer: silentMailer });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const seed = await seedBench(db, base, {
      estimateCredits: ESTIMATE_CREDITS,
      batchCredits: BATCH_CREDITS * (RUNS.warmup + RUNS.batch),
    });
    console.log(
      `seeded ${seed.creditCount} credits in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const call = async (method: string, url: string, body?: unknown) => {
      const t0 = performance.now();
      const res = await send(base, { method, url, headers: seed.headers, body });
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${res.text.slice(0, 200)}`);
      return ms;
    };
    const measure = async (runs: number, once: (i: number) => Promise<number>) => {
      const samples: number[] = [];
      const cpu = process.cpuUsage();
      for (let i = 0; i < runs && performance.now() - started < DEADLINE_MS; i++) samples.push(await once(i));
      const used = process.cpuUsage(cpu);
      // CPU of this process (server and the small client) per request: the cost under no contention.
      return { ...figuresOf(samples), cpu: (used.user + used.system) / 1000 / samples.length };
    };
    const estimateOnce = () => call('PUT', '/api/webapp/estimates/request', seed.estimateIds);
    const estimateAllOnce = () =>
      call('PUT', `/api/webapp/estimates/programProvider/${seed.estimatePp}/request`);
    let next = 0;
    const batchOnce = () => {
      const ids = seed.batchIds.slice(next, next + BATCH_CREDITS);
      next += BATCH_CREDITS;
      return call('POST', '/api/webapp/batches/request', ids);
    };
    await measure(RUNS.warmup, estimateOnce);
    await measure(RUNS.warmup, estimateAllOnce);
    await measure(RUNS.warmup, batchOnce);

    const results = {
      [`PUT estimates/request, ${ESTIMATE_CREDITS} credit ids`]: await measure(RUNS.estimate, estimateOnce),
      [`PUT estimates/programProvider/{id}/request, ${ESTIMATE_CREDITS} credits`]: await measure(
        RUNS.estimateAll,
        estimateAllOnce,
      ),
      [`POST batches/request, ${BATCH_CREDITS} new credits each`]: await measure(RUNS.batch, batchOnce),
    };
    console.log(
      `\nnode ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
    for (const [name, figures] of Object.entries(results))
      console.log(`${name.padEnd(62)} ${format(figures)}`);
    console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    agent.destroy();
    await app?.close();
    await pool.end();
    await pg.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
