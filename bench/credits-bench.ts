// The credit list at scale: 100,000 AVAILABLE credits in one program provider, every sort key and direction,
// the first, the 50th, the middle and the last page, through app.inject and over real HTTP with keep-alive,
// plus the one-time pricing pass. Figures and their reading: docs/performance-credits.md.
// Run: node --import tsx bench/credits-bench.ts   (starts and removes its own PostgreSQL; 1 to 2 minutes)
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type CreditSortKey, creditSortKeySchema } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createDatabase, type Database } from '../apps/api/src/db/client';
import { ensureEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { frozenClock } from '../apps/api/src/lib/clock';
import { createBuyer, createProgram, createProgramProvider } from '../apps/api/test/early-payment-factories';
import { createCompany, createOrganization, createUser } from '../apps/api/test/factories';
import { freePort } from '../apps/api/test/free-port';
import { passwordGrantForm } from '../e2e/local-client';

const CREDITS = 100_000;
const OTHER_CREDITS = 10_000;
// Requests per case: the first and the 50th page get the full count, the deep pages fewer (time bound).
const RUNS = { inject: 50, http: 30, deep: 20 };
const NOW = new Date('2026-03-10T10:00:00-03:00');

type Timing = { label: string; page: number; samples: number[] };

const benchStarted = performance.now();

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'credits-bench-'));
const pg = await ensureEmbeddedPostgres({ dataDir, port: await freePort(), database: 'bench' });
const { db, pool } = createDatabase(pg.url);
const clock = frozenClock(NOW);
let app: FastifyInstance | undefined;
console.log(
  `load average at start: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (${os.cpus().length} cores)`,
);
try {
  await migrateDatabase(pool);
  const mailer = { send: async () => {}, close: async () => {} };
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST: '/nonexistent' });
  const server = await buildApp({ config, db, clock, mailer });
  app = server;
  const { pp, login } = await seed(db);
  const auth = await logIn(server, login);
  const url = (sort: string, page: number) =>
    `/api/webapp/credits/programProvider/${pp.id}?sort=${sort}&page=${page}&size=30`;
  const inject = async (target: string) => {
    const res = await server.inject({ url: target, headers: auth });
    if (res.statusCode !== 200) throw new Error(`${target}: ${res.statusCode} ${res.body}`);
    return checkPage(res.json());
  };

  // Nothing is priced yet. A list in another order answers at once and starts the pricing pass in the
  // background; a list by the total waits for that same pass. The app then vacuums in the background.
  const byValue = await timed(() => inject(url('value,asc', 0)));
  const byTotal = await timed(() => inject(url('creditEstimate.total,asc', 0)));
  const vacuum = await timed(() => server.deps.background.drain());
  console.log(`first list by value (pass left running): ${byValue.ms.toFixed(0)} ms`);
  console.log(
    `first list by total (waits for the pass over ${byTotal.result.totalElements} credits): ${byTotal.ms.toFixed(0)} ms`,
  );
  console.log(`then the background vacuum: ${vacuum.ms.toFixed(0)} ms more`);

  const lastPage = Math.ceil(CREDITS / 30) - 1;
  const pages = [0, 49, Math.floor(lastPage / 2), lastPage];
  const cases = creditSortKeySchema.options.flatMap((key: CreditSortKey) =>
    (['asc', 'desc'] as const).flatMap((dir) => pages.map((page) => ({ sort: `${key},${dir}`, page }))),
  );
  printTable('app.inject, steady state', await measure(cases, RUNS.inject, inject, url));

  const port = await freePort();
  await server.listen({ port, host: '127.0.0.1' });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const overHttp = (target: string) =>
    httpGet(`http://127.0.0.1:${port}${target}`, auth.authorization, agent);
  printTable('HTTP on 127.0.0.1 with keep-alive', await measure(cases, RUNS.http, overHttp, url));
  agent.destroy();

  const count = await timed(() =>
    db.execute(
      sql`select count(*) from credits where program_provider_id = ${pp.id} and status = 'AVAILABLE'`,
    ),
  );
  console.log(`\nfor comparison, count(*) of the AVAILABLE credits (index-only): ${count.ms.toFixed(1)} ms`);
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await app?.close();
  await pool.end();
  await pg.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
  console.log(`bench done in ${((performance.now() - benchStarted) / 1000).toFixed(0)} s`);
}

async function seed(database: Database) {
  const organization = await createOrganization(database);
  const company = await createCompany(database, organization.id);
  const user = await createUser(database, organization.id, { companyIds: [company.id] });
  const buyer = await createBuyer(database, organization.id);
  const program = await createProgram(database, organization.id, buyer.id, { platformFee: '0.0035' });
  const pp = await createProgramProvider(database, {
    organizationId: organization.id,
    programId: program.id,
    companyId: company.id,
  });
  const otherCompany = await createCompany(database, organization.id);
  const otherPp = await createProgramProvider(database, {
    organizationId: organization.id,
    programId: program.id,
    companyId: otherCompany.id,
  });
  const started = performance.now();
  // Plus 10 % claimed or paid credits of the same provider and another provider's credits: the partial
  // indexes must skip both.
  await insertCredits(database, {
    organizationId: organization.id,
    ppId: pp.id,
    count: CREDITS,
    prefix: 'a',
    status: 'AVAILABLE',
  });
  await insertCredits(database, {
    organizationId: organization.id,
    ppId: pp.id,
    count: CREDITS / 10,
    prefix: 'r',
    status: 'PAID',
  });
  await insertCredits(database, {
    organizationId: organization.id,
    ppId: otherPp.id,
    count: OTHER_CREDITS,
    prefix: 'o',
    status: 'AVAILABLE',
  });
  await database.execute(sql`vacuum (analyze) credits`);
  console.log(
    `seeded ${CREDITS + CREDITS / 10 + OTHER_CREDITS} credits in ${(performance.now() - started).toFixed(0)} ms`,
  );
  return { pp, login: user };
}

/** Deterministic pseudo-random credits, written with one INSERT … SELECT FROM unnest(…) per 20,000. */
async function insertCredits(
  database: Database,
  input: { organizationId: number; ppId: number; count: number; prefix: string; status: string },
) {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const buyers = Array.from(
    { length: 40 },
    (_, i) => `Compradora ${String.fromCharCode(65 + (i % 26))}${i} S.A.`,
  );
  const dueBase = Date.UTC(2026, 2, 12);
  for (let start = 0; start < input.count; start += 20_000) {
    const n = Math.min(20_000, input.count - start);
    const rows = Array.from({ length: n }, (_, i) => ({
      ref: `${input.prefix}-${start + i}`,
      nf: String(Math.floor(random() * 900_000) + 100_000),
      serial: String(1 + Math.floor(random() * 5)),
      installment: 1 + Math.floor(random() * 6),
      buyer: buyers[Math.floor(random() * buyers.length)]!,
      due: new Date(dueBase + Math.floor(random() * 240) * 86_400_000).toISOString().slice(0, 10),
      cents: String(1_000 + Math.floor(random() * 5_000_000)),
      kind: random() < 0.2 ? 'SERVICE' : 'GOODS',
    }));
    const column = <K extends keyof (typeof rows)[number]>(key: K) => sql.param(rows.map((row) => row[key]));
    await database.execute(sql`
      insert into credits (organization_id, ref, program_provider_id, nf_number, nf_serial, installment_number,
        buyer_name, issue_date, expire_date, original_value_cents, kind, status)
      select ${input.organizationId}, ref, ${input.ppId}, nf, serial, installment, buyer, '2026-02-01', due, cents,
        kind, ${input.status}
      from unnest(${column('ref')}::text[], ${column('nf')}::text[], ${column('serial')}::text[],
        ${column('installment')}::int[], ${column('buyer')}::text[], ${column('due')}::date[],
        ${column('cents')}::bigint[], ${column('kind')}::text[])
        as t(ref, nf, serial, installment, buyer, due, cents, kind)`);
  }
}

/** Every measured answer is a full page of the 100,000, so a fast wrong answer cannot pass for speed. */
function checkPage(page: { totalElements: number; content: unknown[] }) {
  if (
    page.totalElements !== CREDITS ||
    (page.content.length !== 30 && page.content.length !== CREDITS % 30)
  ) {
    throw new Error(`unexpected page: ${page.totalElements} credits, ${page.content.length} rows`);
  }
  return page;
}

async function logIn(server: FastifyInstance, user: { login: string; password: string }) {
  const res = await server.inject({
    method: 'POST',
    url: '/api/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(passwordGrantForm(user.login, user.password)).toString(),
  });
  return { authorization: `Bearer ${res.json().access_token as string}` };
}

async function measure(
  cases: { sort: string; page: number }[],
  runs: number,
  get: (target: string) => Promise<unknown>,
  url: (sort: string, page: number) => string,
): Promise<Timing[]> {
  const timings: Timing[] = [];
  for (const { sort, page } of cases) {
    const target = url(sort, page);
    for (let i = 0; i < 2; i++) await get(target); // warm the plan and the pages
    const samples: number[] = [];
    for (let i = 0; i < (page > 49 ? Math.min(runs, RUNS.deep) : runs); i++)
      samples.push((await timed(() => get(target))).ms);
    timings.push({ label: `${sort.padEnd(34)} page ${String(page).padStart(4)}`, page, samples });
  }
  return timings;
}

async function timed<T>(run: () => Promise<T>) {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

function httpGet(target: string, authorization: string, agent: http.Agent) {
  return new Promise<unknown>((resolve, reject) => {
    http
      .get(target, { agent, headers: { authorization } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(checkPage(JSON.parse(Buffer.concat(chunks).toString())))
            : reject(new Error(`${res.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

function printTable(title: string, timings: Timing[]) {
  const pct = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  console.log(`\n${title}: ms per request`);
  console.log(`${'sort'.padEnd(34)} ${'page'.padStart(9)}    n    p50    p95    max`);
  const worst = { shallow: 0, deep: 0 };
  for (const { label, page, samples } of timings) {
    const sorted = [...samples].sort((a, b) => a - b);
    const p95 = pct(sorted, 95);
    if (page > 49) worst.deep = Math.max(worst.deep, p95);
    else worst.shallow = Math.max(worst.shallow, p95);
    const cells = [pct(sorted, 50), p95, sorted[sorted.length - 1]!].map((v) => v.toFixed(1).padStart(6));
    console.log(`${label} ${String(samples.length).padStart(4)} ${cells.join(' ')}`);
  }
  console.log(
    `worst p95: pages 0 and 49 ${worst.shallow.toFixed(1)} ms; deeper pages ${worst.deep.toFixed(1)} ms`,
  );
}
