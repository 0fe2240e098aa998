import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { healthCall, metricsCall } from '@portal/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, inject } from 'vitest';
import { apiRoot } from '../src/api-root';
import { createDatabase, type Database } from '../src/db/client';
import { companies, credits, programProviders, programs } from '../src/db/schema';
import { apiProcess } from './api-build';
import { CLIENT } from './app';
import { freePort } from './free-port';

/*
 * The real server process (`src/server.ts`, as `npm start` runs it) with the embedded PostgreSQL under its
 * own data folder, for tests of what only a process shows: signals, crashes, restarts.
 */

export type ServerSetup = { dataDir: string; port: number; pgPort: number; env: NodeJS.ProcessEnv };

/**
 * A data folder and two free ports; after the file's tests, no server or PostgreSQL of it is left running. The
 * folder holds a copy of the run's cluster fresh from initdb (test/global-setup.ts), which the server's first
 * start migrates and seeds as it would its own; `emptyDataDir` leaves it empty (a restore's target).
 */
export async function serverSetup(
  overrides: Record<string, string> = {},
  { emptyDataDir = false } = {},
): Promise<ServerSetup> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-process-'));
  // cp -a keeps the files' owner: as root, the cluster belongs to the postgres user.
  if (!emptyDataDir) await promisify(execFile)('cp', ['-a', `${inject('preparedDataDir')}/.`, dataDir]);
  const port = await freePort();
  const pgPort = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    EMBEDDED_PG_PORT: String(pgPort),
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    DATABASE_URL: '',
    METRICS_TOKEN: SERVER_METRICS_TOKEN,
    ...overrides,
  };
  const setup = { dataDir, port, pgPort, env };
  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      // `npm start` runs in a process group of its own: npm and the node it started both go.
      if (groupLeaders.has(child)) process.kill(-child.pid!, 'SIGKILL');
      else child.kill('SIGKILL');
    }
    await crashPostgres(setup);
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  return setup;
}

const children: ChildProcess[] = [];
const groupLeaders = new Set<ChildProcess>();

export type RunningServer = {
  child: ChildProcess;
  /** The exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  output(): string;
  /**
   * Resolves once the process has printed `text` (stdout or stderr), or once `text(output)` holds; rejects
   * `timeoutMs` later otherwise.
   */
  waitForOutput(text: string | ((output: string) => boolean), timeoutMs?: number): Promise<void>;
};

/**
 * Starts the server and resolves once it listens (unless `untilReady` is false: at once); rejects if it exits
 * first or takes over `timeoutMs`. With `npmStart`, as `npm start` runs it (npmStartPackage), in a process group
 * of its own as a terminal's foreground job is: `process.kill(-child.pid, signal)` signals npm and node together,
 * as Ctrl-C or a supervisor does.
 */
export async function startServer(
  setup: ServerSetup,
  timeoutMs = 60_000,
  { npmStart = false, untilReady = true } = {},
): Promise<RunningServer> {
  const child = npmStart
    ? spawn('npm', ['run', 'start'], { cwd: await npmStartPackage(setup), env: setup.env, detached: true })
    : spawn(process.execPath, [...apiProcess.server], { cwd: apiRoot, env: setup.env });
  children.push(child);
  if (npmStart) groupLeaders.add(child);
  let output = '';
  const waiters = new Set<() => void>();
  const onData = (d: Buffer) => {
    output += d;
    for (const check of waiters) check();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code, signal) => {
      output += `\n[exited with code ${code}, signal ${signal}]\n`;
      resolve(code);
    }),
  );
  const waitForOutput = (text: string | ((output: string) => boolean), waitMs = 30_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no "${text}" from the server within ${waitMs} ms:\n${output}`));
      }, waitMs);
      const check = () => {
        if (typeof text === 'string' ? !output.includes(text) : !text(output)) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });
  const server = { child, exited, output: () => output, waitForOutput };
  if (!untilReady) return server;
  await Promise.race([
    waitForOutput('ready in', timeoutMs),
    exited.then((code) => {
      throw new Error(`server exited with ${code} before it was ready:\n${output}`);
    }),
  ]);
  return server;
}

/**
 * A package folder whose `start` script is the repository's `npm start` without its build (the run's global
 * setup has built dist/ already, and rebuilding it would change the bundle under the other files' servers):
 * `exec node … apps/api/dist/server.mjs`, which npm runs through sh as for `npm start`, npm staying node's parent
 * and forwarding the SIGINT and SIGTERM it gets. Its `apps` links to the repository's.
 */
async function npmStartPackage(setup: ServerSetup): Promise<string> {
  const repoRoot = path.resolve(apiRoot, '../..');
  const { scripts } = JSON.parse(await fs.readFile(path.join(repoRoot, 'package.json'), 'utf8'));
  const [build, start, ...rest] = (scripts.start as string).split(' && ');
  if (build !== 'npm run build' || !start?.startsWith('exec node ') || rest.length > 0)
    throw new Error(`npm start is no longer "npm run build && exec node …": ${scripts.start}`);
  const dir = path.join(setup.dataDir, 'npm-start');
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'npm-start', private: true, scripts: { start } }),
  );
  await fs.symlink(path.join(repoRoot, 'apps'), path.join(dir, 'apps')).catch((error) => {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  });
  return dir;
}

/** The command lines of the PostgreSQL postmasters running on the setup's cluster (`postgres -D <dataDir>/pg`). */
export async function postmastersOf(setup: ServerSetup): Promise<string[]> {
  const clusterDir = path.join(setup.dataDir, 'pg');
  const found: string[] = [];
  for (const pid of (await fs.readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
    const argv = await fs
      .readFile(`/proc/${pid}/cmdline`, 'utf8')
      .then((text) => text.split('\0'))
      .catch((): string[] => []);
    const d = argv.indexOf('-D');
    if (argv[0]?.endsWith('/postgres') && d >= 0 && argv[d + 1] === clusterDir) found.push(argv.join(' '));
  }
  return found;
}

/** The PostgreSQL postmaster's pid while the cluster runs (postmaster.pid exists), else undefined. */
export function postmasterPid(setup: ServerSetup): number | undefined {
  const file = path.join(setup.dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  return Number(readFileSync(file, 'utf8').split('\n')[0]);
}

/**
 * Stops the cluster the way a crash would: SIGQUIT is PostgreSQL's immediate shutdown (no checkpoint, so the
 * next start replays the WAL). Resolves once postmaster.pid is gone (at most 20 s).
 */
export async function crashPostgres(setup: ServerSetup) {
  const pid = postmasterPid(setup);
  if (pid === undefined) return;
  try {
    process.kill(pid, 'SIGQUIT');
  } catch {
    return;
  }
  const deadline = Date.now() + 20_000;
  while (postmasterPid(setup) !== undefined && Date.now() < deadline) await pause(50);
}

/** A Drizzle handle on the server's own database (the embedded cluster), closed after the file's tests. */
export function serverDatabase(setup: ServerSetup) {
  const password = readFileSync(path.join(setup.dataDir, 'pg-password'), 'utf8').trim();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${setup.pgPort}/portal`;
  const { db, pool } = createDatabase(url, { max: 2 });
  afterAll(() => pool.end());
  return { db, pool };
}

/**
 * The demo's ana@demo.test can request early payment for Alfa Componentes in Horizonte Fornecedores (an
 * ACTIVATED participation of goods): its id and its AVAILABLE credits, by id.
 */
export async function alfaAvailableCredits(db: Database) {
  const [participation] = await db
    .select({ id: programProviders.id })
    .from(programProviders)
    .innerJoin(companies, eq(companies.id, programProviders.companyId))
    .innerJoin(programs, eq(programs.id, programProviders.programId))
    .where(and(like(companies.name, 'Alfa Componentes%'), eq(programs.name, 'Horizonte Fornecedores')));
  const rows = await db
    .select({ id: credits.id })
    .from(credits)
    .where(and(eq(credits.programProviderId, participation!.id), eq(credits.status, 'AVAILABLE')))
    .orderBy(credits.id);
  return { programProviderId: participation!.id, creditIds: rows.map((r) => r.id) };
}

export const DEMO_PROVIDER = { login: 'ana@demo.test', password: 'demo1234' };

export type HttpAnswer = { status: number; body: string; headers: http.IncomingHttpHeaders };

/** A response read to its end, its body as text. */
export function answerOf(res: http.IncomingMessage): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (chunk) => {
      body += chunk;
    });
    res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    res.on('error', reject);
  });
}

/** A request whose headers and half its body are sent, so it is in flight; `finish()` sends the rest. */
export function heldRequest(
  port: number,
  options: { method: string; path: string; headers: Record<string, string>; body: string },
) {
  let finish = () => {};
  const answer = new Promise<HttpAnswer>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        agent: false,
        headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
      },
      (res) => answerOf(res).then(resolve, reject),
    );
    req.on('error', reject);
    const half = Math.floor(options.body.length / 2);
    req.write(options.body.slice(0, half));
    finish = () => req.end(options.body.slice(half));
  });
  return { answer, finish: () => finish() };
}

/**
 * One request on its own connection (no keep-alive, so a killed server shows as a failed request, not a
 * stale pooled socket). Rejects on a connection failure or after `timeoutMs`.
 */
export function httpRequest(
  port: number,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string },
  timeoutMs = 15_000,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        headers: options.headers,
        agent: false,
      },
      (res) => answerOf(res).then(resolve, reject),
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Logs in over HTTP as the web app does; returns the Authorization header. */
export async function loginOverHttp(port: number, login: string, password: string) {
  const res = await httpRequest(port, {
    method: 'POST',
    path: '/api/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: login, password, grant_type: 'password', ...CLIENT }).toString(),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.body}`);
  return { authorization: `Bearer ${JSON.parse(res.body).access_token as string}` };
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 200 ms until it answers something other than undefined; throws after `timeoutMs`. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await pause(200);
  }
}

/** The metrics token of every server these tests start (`whileProbingHealth` reads its event loop). */
export const SERVER_METRICS_TOKEN = 'test-metrics-token';

/**
 * The longest the server's main thread was held since the last call, in milliseconds: prom-client's
 * `nodejs_eventloop_lag_max_seconds` (Node's monitorEventLoopDelay), which it resets at every scrape.
 */
async function serverEventLoopLagMax(port: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}${metricsCall.path}`, {
    headers: { authorization: `Bearer ${SERVER_METRICS_TOKEN}` },
  });
  if (res.status !== 200) throw new Error(`/api/metrics answered ${res.status}`);
  const line = (await res.text())
    .split('\n')
    .find((l) => l.startsWith('portal_nodejs_eventloop_lag_max_seconds '));
  if (!line) throw new Error('/api/metrics has no portal_nodejs_eventloop_lag_max_seconds');
  return Number(line.split(' ')[1]) * 1000;
}

/**
 * Runs `send` (a request another process sends: curl) while /api/health is asked every 5 ms on one kept-alive
 * connection; every probe must be a 200. Answers what `send` gave, how many probes were made, the slowest
 * probe and `held`: the longest the server's main thread was held meanwhile, by its own event-loop monitor.
 *
 * `held` is what a budget asserts: the hold both witnesses saw, the smaller of the slowest probe and the server's
 * own monitor. A main thread held B ms makes both B (a check moved onto it: 2,435 ms), while noise on the
 * 2-core CI machine (three test workers, PostgreSQL, the server) reaches one at a time: a probe once took
 * 204 ms while the server's thread was free (the file alone: 17 ms), the monitor once 287 ms with every probe
 * fast; one witness alone failed a green build each time.
 */
export async function whileProbingHealth<T>(
  port: number,
  send: () => Promise<T>,
): Promise<{ result: T; slowest: number; probes: number; held: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const health = () =>
    new Promise<number>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: healthCall.path, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
        .on('error', reject);
    });
  await serverEventLoopLagMax(port);
  let sent = false;
  let slowest = 0;
  let probes = 0;
  const sending = send();
  const probing = (async () => {
    while (!sent) {
      const started = performance.now();
      const status = await health();
      if (status !== 200) throw new Error(`/api/health answered ${status}`);
      slowest = Math.max(slowest, performance.now() - started);
      probes += 1;
      await pause(5);
    }
  })();
  try {
    const result = await sending.finally(() => {
      sent = true;
    });
    await probing;
    return { result, slowest, probes, held: Math.min(slowest, await serverEventLoopLagMax(port)) };
  } finally {
    agent.destroy();
  }
}
