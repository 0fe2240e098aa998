import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: query functions accept either. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;

// PostgreSQL bigint (int8, oid 20) as JS bigint: money is centavos and must never pass through a float.
pg.types.setTypeParser(20, (v) => BigInt(v));

export function createDatabase(url: string, { max = 10 } = {}): { db: Database; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  return { db: drizzle(pool, { schema }), pool };
}
