import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { onCleanup } from './cleanup';
import { ACCEPT_ENCODING, type Client, expectStatus } from './http';
import { repoRoot, stopProcess } from './processes';

/*
 * Throughput of one credits page under 10 connections (autocannon, in this process), against yardsticks that
 * answer the same request with the API's own answer (same status, headers and body bytes), each a separate
 * process on the same cores, measured one after the other in the same run:
 * - the SQL floor (the budget's yardstick): node:http + pg running, for every request, the least a correct
 *   answer of that page must ask PostgreSQL (token check, access check, the page query with the eligibility
 *   filter: bench/perf/sql-floor-server.ts), so the ratio says what the product spends beyond that;
 * - a bare node:http server sending the bytes (no database at all: the machine's HTTP capacity);
 * - Fastify with one route and no plugin sending them (the framework's own floor).
 */

export type Throughput = {
  apiRps: number;
  bareRps: number;
  /** node:http + pg running the minimal page's queries for every request, then sending the same bytes. */
  floorRps: number;
  /** Fastify with no plugin and one route answering the same bytes: the ceiling of any Fastify route here. */
  fastifyRps: number;
  ratio: number;
  bytes: number;
  encoding: string;
  api: Result;
  bare: Result;
  fastify: Result;
  floor: Result;
};

/** One yardstick server (a script of bench/perf/ and its arguments) in its own process, measured like the API. */
async function yardstick(
  mode: string,
  script: string[],
  urlPath: string,
  headers: Record<string, string>,
  seconds: number,
) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...script], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const forget = onCleanup(`${mode} yardstick server`, () => stopProcess(child, 2_000));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
      child.once('exit', (code) => reject(new Error(`the ${mode} yardstick server exited (${code})`)));
    });
    const url = `http://127.0.0.1:${port}${urlPath}`;
    await cannon(url, headers, 1);
    return await cannon(url, headers, seconds);
  } finally {
    await stopProcess(child, 2_000);
    forget();
  }
}

const CONNECTIONS = 10;

async function cannon(url: string, headers: Record<string, string>, seconds: number) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return result;
}

export async function measureThroughput(
  client: Client,
  input: {
    path: string;
    authorization: string;
    seconds: number;
    dir: string;
    /** The product's database and what the floor's page query filters on (bench/perf/floor-page.ts). */
    sql: { url: string; programProviderId: number; eligibleFrom: string };
  },
): Promise<Throughput> {
  const headers = {
    authorization: input.authorization,
    accept: 'application/json',
    'accept-encoding': ACCEPT_ENCODING,
  };
  const answer = expectStatus(await client.send({ path: input.path }), input.path);
  const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length']);
  const recorded = {
    status: answer.status,
    headers: Object.fromEntries(
      Object.entries(answer.headers).filter(
        ([name, value]) => !hopByHop.has(name) && typeof value === 'string',
      ),
    ),
    body: answer.raw.toString('base64'),
  };
  const file = path.join(input.dir, 'recorded-answer.json');
  await fs.writeFile(file, JSON.stringify(recorded));

  await cannon(`${client.base}${input.path}`, headers, 1); // warm-up
  const api = await cannon(`${client.base}${input.path}`, headers, input.seconds);

  const bareServer = path.join(repoRoot, 'bench/perf/bare-server.ts');
  const bare = await yardstick('node', [bareServer, 'node', file], input.path, headers, input.seconds);
  const fastify = await yardstick(
    'fastify',
    [bareServer, 'fastify', file],
    input.path,
    headers,
    input.seconds,
  );
  const floor = await yardstick(
    'SQL floor',
    [
      path.join(repoRoot, 'bench/perf/sql-floor-server.ts'),
      file,
      input.sql.url,
      String(input.sql.programProviderId),
      input.sql.eligibleFrom,
    ],
    input.path,
    headers,
    input.seconds,
  );
  return {
    apiRps: api.requests.average,
    bareRps: bare.requests.average,
    floorRps: floor.requests.average,
    fastifyRps: fastify.requests.average,
    ratio: api.requests.average / bare.requests.average,
    bytes: answer.raw.length,
    encoding: String(answer.headers['content-encoding'] ?? 'identity'),
    api,
    bare,
    fastify,
    floor,
  };
}
