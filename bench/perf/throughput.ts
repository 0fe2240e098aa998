import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { onCleanup } from './cleanup';
import { ACCEPT_ENCODING, type Client, expectStatus } from './http';
import { repoRoot, stopProcess } from './processes';

/*
 * Throughput of one credits page under 10 connections (autocannon, in this process), against the same
 * client hitting a bare node:http server that replays the API's own answer to that request: same status,
 * headers and body bytes. The servers are separate processes on the same cores, measured one after the
 * other in the same run, so the ratio says how much of the machine's HTTP capacity the API keeps for this
 * call (authentication, access check, pricing context, the page query, serialisation, compression). A third
 * server, Fastify with one route and no plugin replaying the same bytes, shows the framework's own floor.
 */

export type Throughput = {
  apiRps: number;
  bareRps: number;
  /** Fastify with no plugin and one route answering the same bytes: the ceiling of any Fastify route here. */
  fastifyRps: number;
  ratio: number;
  bytes: number;
  encoding: string;
  api: Result;
  bare: Result;
  fastify: Result;
};

/** One yardstick server (bench/perf/bare-server.ts) in its own process, measured like the API. */
async function yardstick(
  mode: 'node' | 'fastify',
  file: string,
  urlPath: string,
  headers: Record<string, string>,
  seconds: number,
) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'bench/perf/bare-server.ts'), mode, file],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
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
  input: { path: string; authorization: string; seconds: number; dir: string },
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

  const bare = await yardstick('node', file, input.path, headers, input.seconds);
  const floor = await yardstick('fastify', file, input.path, headers, input.seconds);
  return {
    apiRps: api.requests.average,
    bareRps: bare.requests.average,
    fastifyRps: floor.requests.average,
    ratio: api.requests.average / bare.requests.average,
    bytes: answer.raw.length,
    encoding: String(answer.headers['content-encoding'] ?? 'identity'),
    api,
    bare,
    fastify: floor,
  };
}
