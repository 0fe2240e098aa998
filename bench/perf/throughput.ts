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
 * headers and body bytes. Both servers are separate processes on the same 2 cores, measured one after the
 * other in the same run, so the ratio says how much of the machine's HTTP capacity the API keeps for this
 * call (authentication, access check, pricing context, the page query, serialisation, compression).
 */

export type Throughput = {
  apiRps: number;
  bareRps: number;
  ratio: number;
  bytes: number;
  encoding: string;
  api: Result;
  bare: Result;
};

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

  const bare = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'bench/perf/bare-server.ts'), file],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const forget = onCleanup('bare server', () => stopProcess(bare, 2_000));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      bare.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
      bare.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
    });
    const bareUrl = `http://127.0.0.1:${port}${input.path}`;
    await cannon(bareUrl, headers, 1);
    const bareResult = await cannon(bareUrl, headers, input.seconds);
    return {
      apiRps: api.requests.average,
      bareRps: bareResult.requests.average,
      ratio: api.requests.average / bareResult.requests.average,
      bytes: answer.raw.length,
      encoding: String(answer.headers['content-encoding'] ?? 'identity'),
      api,
      bare: bareResult,
    };
  } finally {
    await stopProcess(bare, 2_000);
    forget();
  }
}
