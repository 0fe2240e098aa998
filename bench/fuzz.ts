/*
 * Fuzz of every API route from its own OpenAPI document (/api/docs/json): for each operation, requests with
 * values generated from its path, query and body schemas (mostly valid with one part broken, sometimes
 * anything), as an anonymous caller, a provider, a user without ROLE_PROVIDER and a forged token, over real
 * HTTP on 127.0.0.1 to the real app on a throw-away embedded PostgreSQL loaded with the demo data.
 * Bounded by a count per operation and a deadline. Prints the figures; exits 1, loudly, on any 5xx or any
 * error answer that is not the one error body.
 * Run: node --import tsx bench/fuzz.ts [--per-route=300] [--seconds=120] [--seed=<n>]
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { errorBodySchema, platformScopes } from '@portal/contract';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createDatabase, type Database } from '../apps/api/src/db/client';
import { ensureEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { frozenClock } from '../apps/api/src/lib/clock';
import type { Mailer } from '../apps/api/src/mail';
import { createMachineClient } from '../apps/api/src/modules/machine-clients/machine-clients';
import { seedDemoIfEmpty } from '../apps/api/src/ops/seed-demo';
import { freePort } from '../apps/api/test/free-port';
import { passwordGrantForm } from '../e2e/local-client';
import {
  createRandom,
  fuzzValue,
  hostileValue,
  type JsonSchema,
  multipartBody,
  type Random,
} from './fuzz-values';

const option = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const PER_ROUTE = option('per-route', 300);
const DEADLINE_MS = option('seconds', 120) * 1000;
const SEED = option('seed', Date.now() % 1_000_000);

type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
};
type Sent = { method: string; url: string; contentType?: string; body?: Buffer | string; auth: string };
type Answer = { status: number; text: string; requestId: string; ms: number };

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

function send(base: string, sent: Sent, token: string | undefined): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (sent.contentType) headers['content-type'] = sent.contentType;
    const req = http.request(`${base}${sent.url}`, { method: sent.method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          text: Buffer.concat(chunks).toString(),
          requestId: String(res.headers['x-request-id'] ?? ''),
          ms: performance.now() - started,
        }),
      );
    });
    req.on('error', reject);
    req.end(sent.body);
  });
}

function encodeBody(type: string, value: unknown, random: Random): string {
  if (random.chance(0.05))
    return random.pick(['{"a":', '', 'null', '\u0000', '[[[[', '{"__proto__":{"x":1}}']);
  if (random.chance(0.01)) return JSON.stringify({ a: 'x'.repeat(1_100_000) }); // over the 1 MB limit
  if (type === 'application/x-www-form-urlencoded' && value && typeof value === 'object') {
    return new URLSearchParams(
      Object.entries(value).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
  }
  if (type === 'text/plain') {
    const email = (value as { email?: unknown } | null)?.email;
    return typeof email === 'string' ? email : String(value);
  }
  return JSON.stringify(value) ?? 'null';
}

/** Percent-encoded; a lone surrogate (which encodeURIComponent refuses) goes out as invalid UTF-8 bytes. */
function encodePathValue(text: string): string {
  return text
    .split(/([\ud800-\udfff])/)
    .map((piece) => (/^[\ud800-\udfff]$/.test(piece) ? '%ED%A0%80' : encodeURIComponent(piece)))
    .join('');
}

/** One request for an operation, its parts generated from the operation's own schemas. */
function requestFor(pathTemplate: string, method: string, op: Operation, random: Random): Sent {
  const params = op.parameters ?? [];
  let url = pathTemplate.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const schema = params.find((p) => p.in === 'path' && p.name === name)?.schema;
    // Small ids are real demo objects (someone's), so handlers run past their lookups too.
    const value = random.chance(0.5) ? random.int(1, 40) : fuzzValue(schema, random);
    return encodePathValue(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  });
  const query = new URLSearchParams();
  for (const p of params.filter((p) => p.in === 'query')) {
    if (!random.chance(0.7)) continue;
    const value = fuzzValue(p.schema, random);
    for (const v of Array.isArray(value) && random.chance(0.5) ? value : [value]) {
      query.append(p.name, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
    }
  }
  if (random.chance(0.1))
    query.append(random.pick(['sort', 'page', 'debug', '__proto__']), String(hostileValue(random)));
  if (query.size > 0) url += `?${query}`;

  const sent: Sent = { method: method.toUpperCase(), url, auth: '' };
  const content = op.requestBody?.content;
  if (content) {
    const types = Object.keys(content);
    const type = random.chance(0.9)
      ? random.pick(types)
      : random.pick(['application/xml', 'text/plain', 'application/json']);
    sent.contentType = type;
    sent.body = encodeBody(type, fuzzValue(content[type]?.schema, random), random);
  } else if (sent.method === 'POST' || sent.method === 'PUT') {
    // Calls without a JSON body: nothing, a multipart upload (broken or not), or JSON they do not take.
    const kind = random.int(0, 2);
    if (kind === 1) {
      const multipart = multipartBody(random);
      sent.contentType = multipart.contentType;
      sent.body = multipart.body;
    } else if (kind === 2) {
      sent.contentType = 'application/json';
      sent.body = JSON.stringify(hostileValue(random)) ?? 'null';
    }
  }
  return sent;
}

async function login(base: string, username: string) {
  const form = new URLSearchParams(passwordGrantForm(username, 'demo1234'));
  const res = await send(
    base,
    {
      method: 'POST',
      url: '/api/oauth/token',
      contentType: 'application/x-www-form-urlencoded',
      body: form.toString(),
      auth: '',
    },
    undefined,
  );
  if (res.status !== 200) throw new Error(`login of ${username}: ${res.status} ${res.text}`);
  return (JSON.parse(res.text) as { access_token: string }).access_token;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
/** The contract's one error body (its optional keys included: `params`, `scope`…), nothing else, and its status. */
const isErrorBody = (text: string, status: number) => {
  try {
    const body = errorBodySchema.strict().safeParse(JSON.parse(text));
    return body.success && body.data.httpStatus === status;
  } catch {
    return false;
  }
};

async function machineLogin(base: string, db: Database, now: Date): Promise<string> {
  const client = await createMachineClient(db, {
    organizationId: 1,
    name: 'fuzz',
    scopes: [...platformScopes],
    now,
  });
  const res = await send(
    base,
    {
      method: 'POST',
      url: '/api/oauth/token',
      auth: '',
      contentType: 'application/x-www-form-urlencoded',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }).toString(),
    },
    undefined,
  );
  if (res.status !== 200) throw new Error(`client credentials grant: ${res.status} ${res.text}`);
  return (JSON.parse(res.text) as { access_token: string }).access_token;
}

async function main() {
  const started = performance.now();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-fuzz-'));
  const pg = await ensureEmbeddedPostgres({ dataDir, port: await freePort(), database: 'fuzz' });
  const { db, pool } = createDatabase(pg.url);
  const silentMailer: Mailer = { send: async () => {}, close: async () => {} };
  const errorLines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await migrateDatabase(pool);
    const clock = frozenClock(new Date('2026-11-23T10:00:00-03:00'));
    await seedDemoIfEmpty(db, clock);
    const config = loadConfig({ LOG_LEVEL: 'error', DATA_DIR: dataDir, WEB_DIST: '/nonexistent' });
    app = await buildApp({
      config,
      db,
      clock,
      mailer: silentMailer,
      logStream: { write: (l) => void errorLines.push(l) },
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const doc = JSON.parse(
      (await send(base, { method: 'GET', url: '/api/docs/json', auth: '' }, undefined)).text,
    ) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const tokens: Record<string, string | undefined> = {
      anonymous: undefined,
      provider: await login(base, 'ana@demo.test'),
      'no ROLE_PROVIDER': await login(base, 'eva@demo.test'),
      forged: 'Zm9yZ2VkLXRva2VuLXRoYXQtZG9lcy1ub3QtZXhpc3QtYXQtYWxs',
      // A machine client of the demo organization with every scope: the platform API's bodies get fuzzed too.
      machine: await machineLogin(base, db, clock.now()),
    };
    const operations = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops).map(([m, op]) => ({ path: p, method: m, op })),
    );
    console.log(
      `seed ${SEED}: ${operations.length} operations from /api/docs/json, up to ${PER_ROUTE} requests each, deadline ${DEADLINE_MS / 1000} s`,
    );

    const random = createRandom(SEED);
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const latencies: number[] = [];
    const fuzzStarted = performance.now();
    let requests = 0;
    for (let round = 0; round < PER_ROUTE && performance.now() - started < DEADLINE_MS; round++) {
      for (const { path: p, method, op } of operations) {
        const sent = requestFor(p, method, op, random);
        // The fuzz's own sessions must survive: logout only ever gets the forged token or none.
        const who = random.pick(Object.keys(tokens));
        sent.auth =
          p === '/api/oauth/logout' && (who === 'provider' || who === 'no ROLE_PROVIDER') ? 'forged' : who;
        const answer = await send(base, sent, tokens[sent.auth]);
        requests += 1;
        latencies.push(answer.ms);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const badBody = answer.status >= 400 && !isErrorBody(answer.text, answer.status);
        if (answer.status >= 500 || badBody) {
          const logged = errorLines.filter((l) => l.includes(answer.requestId)).map((l) => l.slice(0, 400));
          failures.push(
            [
              `${answer.status} ${sent.method} ${sent.url.slice(0, 200)} as ${sent.auth}${badBody ? ' (not the error body)' : ''}`,
              `  content-type ${sent.contentType ?? '-'}, body ${String(sent.body ?? '').slice(0, 200)}`,
              `  answer ${answer.text.slice(0, 200)}`,
              ...logged.map((l) => `  log ${l}`),
            ].join('\n'),
          );
        }
      }
    }
    const seconds = (performance.now() - fuzzStarted) / 1000;
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(
      `routes ${operations.length}, requests ${requests} in ${seconds.toFixed(1)} s (${(requests / seconds).toFixed(0)} req/s)`,
    );
    console.log(
      `status histogram: ${[...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join('  ')}`,
    );
    console.log(
      `latency p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p95 ${quantile(sorted, 0.95).toFixed(1)} ms, max ${quantile(sorted, 1).toFixed(1)} ms`,
    );
    if (failures.length > 0) {
      console.error(
        `\nFUZZ FAILED: ${failures.length} answers were a 5xx or not the one error body (seed ${SEED}):`,
      );
      for (const failure of failures.slice(0, 10)) console.error(failure);
      process.exitCode = 1;
    } else {
      console.log('no 5xx, every error answer in the one error body');
    }
  } finally {
    await app?.close();
    await pool.end();
    await pg.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
    agent.destroy();
  }
}

await main();
