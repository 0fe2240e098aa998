import type { Config } from '../config';
import { createDatabase, type Database, PAGE_POOL_SIZE, POOL_SIZE, warmPool } from './client';
import { ensureEmbeddedPostgres } from './embedded-postgres';
import { migrateDatabase } from './migrate';

export type OpenDatabase = {
  db: Database;
  close(): Promise<void>;
  embedded: boolean;
};

/**
 * Connects to DATABASE_URL, or to the embedded PostgreSQL under DATA_DIR (started if it is not already
 * running, and then stopped again by close()). Migrations are applied either way.
 */
export async function openDatabase(
  config: Config,
  log: (msg: string) => void,
  /** The server opens its pool's connections before it listens (warmPool); a CLI command does not. */
  { warm = false } = {},
): Promise<OpenDatabase> {
  const embedded = config.databaseUrl
    ? undefined
    : await ensureEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, log });
  const url = config.databaseUrl ?? embedded!.url;
  const { db, pool } = createDatabase(url);
  await migrateDatabase(pool);
  if (warm) await Promise.all([warmPool(pool, POOL_SIZE), warmPool(db.$pagePool, PAGE_POOL_SIZE)]);
  return {
    db,
    embedded: embedded !== undefined,
    close: async () => {
      try {
        await pool.end();
      } finally {
        await embedded?.stop();
      }
    },
  };
}
