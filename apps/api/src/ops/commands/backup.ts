import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { type Config, loadConfig } from '../../config';
import { embeddedClusterDir, embeddedPasswordFile, ensureEmbeddedPostgres } from '../../db/embedded-postgres';
import {
  type BackupManifest,
  CLUSTER_COPY,
  copyTree,
  entriesOf,
  FILES_COPY,
  inParallel,
  isInside,
  isMissing,
  MANIFEST,
  MANIFEST_FORMAT,
  megabytes,
  sizeOf,
  syncFiles,
  syncTree,
} from './backup-files';

type Io = { out: (msg: string) => void; err: (msg: string) => void };

export const backupSynopsis = 'backup <dir>';
export const backupSummary =
  'copy the embedded database (a base backup, consistent while the server runs) and the keys and uploads of DATA_DIR into an empty folder';
const USAGE_ERROR = 2;

/**
 * `npm run ops -- backup <dir>`: a base backup of the embedded cluster with PostgreSQL's low-level backup API,
 * on one ordinary connection, while the server keeps serving (docs/product/operations.md#backups):
 * `pg_backup_start` (an immediate checkpoint), the cluster's files copied one by one (they change during the
 * copy; the WAL replayed at restore makes them consistent), `pg_backup_stop`, whose backup_label goes with the
 * copy, and then the WAL segments from the start to the stop. A temporary replication slot holds that WAL until
 * it is copied. Beside it, DATA_DIR's pg-password, secrets.key (second-factor secrets are sealed with it) and
 * uploads. The manifest, backup.json, is written last. With the server stopped, the cluster is started for the
 * command. Exit codes: 0 done, 1 refused (external database, no cluster, target not empty) or failed, 2 bad usage.
 */
export async function runBackup(args: string[], io: Io, config: Config = loadConfig()): Promise<number> {
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    io.err(`usage: npm run ops -- ${backupSynopsis}`);
    return USAGE_ERROR;
  }
  const target = path.resolve(args[0]!);
  if (config.databaseUrl) {
    io.err(
      'backup: DATABASE_URL is set, so the database is an external PostgreSQL whose files this command cannot reach: ' +
        'back it up with its own tooling (pg_basebackup, pg_dump, the provider’s snapshots), and keep SECRETS_KEY ' +
        '(or DATA_DIR/secrets.key) and the uploads with it',
    );
    return 1;
  }
  const clusterDir = embeddedClusterDir(config.dataDir);
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    io.err(`backup: there is no embedded database in ${clusterDir} (DATA_DIR is ${config.dataDir})`);
    return 1;
  }
  if (isInside(target, config.dataDir)) {
    io.err(`backup: ${target} is inside DATA_DIR (${config.dataDir}); write the backup somewhere else`);
    return 1;
  }
  const existing = await entriesOf(target).catch(() => ['(not a folder)']);
  if (existing && existing.length > 0) {
    io.err(`backup: ${target} is not empty; a backup goes into a new or empty folder`);
    return 1;
  }

  const embedded = await ensureEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.embeddedPgPort,
    log: io.out,
  });
  await fs.mkdir(target, { recursive: true, mode: 0o700 });
  await fs.chmod(target, 0o700);
  try {
    const manifest = await backUp({
      url: embedded.url,
      clusterDir,
      dataDir: config.dataDir,
      target,
      log: io.out,
    });
    io.out(
      `backup: ${target}: ${megabytes(manifest.bytes)} in ${manifest.files} files, ${manifest.seconds} s ` +
        `(the database as of LSN ${manifest.stopLsn}, ${manifest.finishedAt})`,
    );
    if (!manifest.dataDirFiles.includes('secrets.key') && config.secretsKey) {
      io.out('backup: SECRETS_KEY is set: keep it with the backup, second-factor secrets open only with it');
    }
    return 0;
  } catch (err) {
    // Nothing half-made is left that could pass for a backup (the folder was empty or new).
    const left = (await entriesOf(target)) ?? [];
    await Promise.all(left.map((name) => fs.rm(path.join(target, name), { recursive: true, force: true })));
    throw err;
  } finally {
    await embedded.stop();
  }
}

/** Left out of the copy, as PostgreSQL's own base backups leave them out (plus pg_ctl's log, server.log). */
const SKIPPED_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'server.log',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'tablespace_map.old',
  'backup_manifest',
  'postgresql.auto.conf.tmp',
  'current_logfiles.tmp',
]);
/** Folders copied empty: recreated or refilled by the server (pg_wal gets the backup's own WAL after the stop). */
const EMPTIED_DIRS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_stat_tmp',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_subtrans',
]);

const CONTROL_FILE = 'global/pg_control';

function skipInCluster(relative: string, isDir: boolean) {
  if (SKIPPED_FILES.has(relative) || relative === CONTROL_FILE) return 'entry';
  const name = path.posix.basename(relative);
  if (name.startsWith('pg_internal.init') || name.startsWith('pgsql_tmp')) return 'entry';
  if (isDir && EMPTIED_DIRS.has(relative)) return 'contents';
  return undefined;
}

type BackupJob = {
  url: string;
  clusterDir: string;
  dataDir: string;
  target: string;
  log: (msg: string) => void;
};

async function backUp(job: BackupJob): Promise<BackupManifest> {
  const label = `portal ops backup ${new Date().toISOString()}`;
  const clusterCopy = path.join(job.target, CLUSTER_COPY);
  // One session from start to stop: a low-level backup belongs to the session that started it, and ends
  // (aborted) if that session does.
  const session = new pg.Client({ connectionString: job.url });
  session.on('error', () => {}); // a lost connection fails the next query instead
  await session.connect();
  let bounds: Pick<
    BackupManifest,
    'startedAt' | 'stoppedAt' | 'startLsn' | 'stopLsn' | 'walFiles' | 'postgresVersion'
  >;
  try {
    await session.query('set statement_timeout = 0');
    const { rows: settings } = await session.query<{ version: string; dir: string; segment: string }>(
      `select current_setting('server_version') as version, current_setting('data_directory') as dir,
              (select setting from pg_settings where name = 'wal_segment_size') as segment`,
    );
    const server = settings[0]!;
    if ((await fs.realpath(server.dir)) !== (await fs.realpath(job.clusterDir))) {
      throw new Error(`the PostgreSQL attached runs ${server.dir}, not ${job.clusterDir}`);
    }
    // Every WAL segment from here on stays until this session ends: no checkpoint during the copy can recycle
    // one the backup needs (no archiving is configured).
    await session.query('select pg_create_physical_replication_slot($1, true, true)', [
      `portal_backup_${process.pid}_${Date.now()}`,
    ]);
    const startedAt = new Date().toISOString();
    const { rows: begun } = await session.query<{ lsn: string; walfile: string }>(
      'select lsn::text as lsn, pg_walfile_name(lsn) as walfile from pg_backup_start($1, fast => true) as lsn',
      [label],
    );
    const start = begun[0]!;
    job.log(`backup: started at LSN ${start.lsn}`);
    const cluster = await copyTree(job.clusterDir, clusterCopy, {
      skip: skipInCluster,
      tolerateVanished: true,
    });
    await copyControlFile(job.clusterDir, clusterCopy);
    job.log(`backup: copied the cluster's files: ${cluster.files + 1} (${megabytes(cluster.bytes)})`);
    const { rows: ended } = await session.query<{
      lsn: string;
      walfile: string;
      labelfile: string;
      spcmapfile: string | null;
    }>(
      `select lsn::text as lsn, pg_walfile_name(lsn) as walfile, labelfile, spcmapfile
         from pg_backup_stop(wait_for_archive => false)`,
    );
    const stop = ended[0]!;
    const stoppedAt = new Date().toISOString();
    // pg_backup_stop switched to a new segment: the stop LSN's segment is complete.
    await fs.writeFile(path.join(clusterCopy, 'backup_label'), stop.labelfile, { mode: 0o600 });
    if (stop.spcmapfile) {
      await fs.writeFile(path.join(clusterCopy, 'tablespace_map'), stop.spcmapfile, { mode: 0o600 });
    }
    const walFiles = await copyWal(
      path.join(job.clusterDir, 'pg_wal'),
      path.join(clusterCopy, 'pg_wal'),
      start.walfile,
      stop.walfile,
      Number(server.segment),
    );
    job.log(`backup: stopped at LSN ${stop.lsn}; copied WAL ${walFiles[0]} to ${walFiles[1]}`);
    bounds = {
      startedAt,
      stoppedAt,
      startLsn: start.lsn,
      stopLsn: stop.lsn,
      walFiles,
      postgresVersion: server.version,
    };
  } finally {
    await session.end().catch(() => {}); // drops the temporary slot
  }

  // After the stop: every upload a copied row names was in place before its row was committed, and an
  // upload is never removed once recorded.
  const files = path.join(job.target, FILES_COPY);
  await fs.mkdir(files, { mode: 0o700 });
  const dataDirFiles: string[] = [];
  for (const file of [embeddedPasswordFile(job.dataDir), path.join(job.dataDir, 'secrets.key')]) {
    try {
      await fs.copyFile(file, path.join(files, path.basename(file)));
      await fs.chmod(path.join(files, path.basename(file)), 0o600);
      dataDirFiles.push(path.basename(file));
    } catch (error) {
      if (!isMissing(error) || file === embeddedPasswordFile(job.dataDir)) throw error;
    }
  }
  let uploads = 0;
  if (existsSync(path.join(job.dataDir, 'uploads'))) {
    // An upload whose record failed is removed again: it may vanish during the copy, and is not needed.
    const from = path.join(job.dataDir, 'uploads');
    uploads = (await copyTree(from, path.join(files, 'uploads'), { tolerateVanished: true })).files;
    dataDirFiles.push('uploads');
  }

  await syncTree(job.target);
  const size = await sizeOf(job.target);
  const finished = new Date();
  const manifest: BackupManifest = {
    format: MANIFEST_FORMAT,
    label,
    ...bounds,
    finishedAt: finished.toISOString(),
    seconds: Math.round((finished.getTime() - Date.parse(bounds.startedAt)) / 100) / 10,
    files: size.files,
    bytes: size.bytes,
    dataDirFiles,
    uploads,
  };
  await fs.writeFile(path.join(job.target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
  await syncFiles([path.join(job.target, MANIFEST), job.target]);
  return manifest;
}

/**
 * pg_control last, as pg_basebackup sends it: PostgreSQL rewrites it in place, so a read could meet a write
 * half done; two reads alike are taken as a whole one.
 */
async function copyControlFile(clusterDir: string, clusterCopy: string) {
  const from = path.join(clusterDir, CONTROL_FILE);
  let previous = await fs.readFile(from);
  for (let attempt = 0; attempt < 20; attempt++) {
    const current = await fs.readFile(from);
    if (current.equals(previous)) {
      await fs.writeFile(path.join(clusterCopy, CONTROL_FILE), current, { mode: 0o600 });
      return;
    }
    previous = current;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${from} kept changing while it was read`);
}

/**
 * Copies the WAL segments from `first` to `last` (file names, one timeline) and the timeline history files.
 * Throws when one of them is missing: the backup would not restore.
 */
async function copyWal(from: string, to: string, first: string, last: string, segmentSize: number) {
  const timeline = first.slice(0, 8);
  if (last.slice(0, 8) !== timeline)
    throw new Error(`the timeline changed during the backup (${first}, ${last})`);
  const perLogId = 0x1_0000_0000 / segmentSize;
  const segmentNo = (name: string) =>
    Number.parseInt(name.slice(8, 16), 16) * perLogId + Number.parseInt(name.slice(16, 24), 16);
  const names = await fs.readdir(from);
  const segments = names
    .filter((n) => /^[0-9A-F]{24}$/.test(n) && n.startsWith(timeline))
    .filter((n) => segmentNo(n) >= segmentNo(first) && segmentNo(n) <= segmentNo(last))
    .sort();
  const expected = segmentNo(last) - segmentNo(first) + 1;
  if (segments.length !== expected) {
    throw new Error(
      `WAL ${first} to ${last} is not all in ${from} (${segments.length} of ${expected} segments)`,
    );
  }
  const history = names.filter((n) => /^[0-9A-F]{8}\.history$/.test(n));
  await fs.mkdir(path.join(to, 'archive_status'), { recursive: true, mode: 0o700 });
  await fs.mkdir(path.join(to, 'summaries'), { recursive: true, mode: 0o700 });
  await inParallel([...segments, ...history], 2, async (name) => {
    await fs.copyFile(path.join(from, name), path.join(to, name));
    await fs.chmod(path.join(to, name), 0o600);
  });
  return [segments[0]!, segments.at(-1)!] as [string, string];
}
