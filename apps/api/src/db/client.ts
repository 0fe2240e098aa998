import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

/** The app's database handle; `$client` is its pool, for the rare work that needs one session throughout. */
export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A database handle or an open transaction: query functions accept either. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;

// PostgreSQL bigint (int8, oid 20) as JS bigint: money is centavos and must never pass through a float.
pg.types.setTypeParser(20, (v) => BigInt(v));

/**
 * Every wait has an end, so a request answers (503 when the database is the cause) instead of hanging: a
 * connection (or a free slot in the pool) within 5 s, a statement, lock waits included, within 30 s; and a
 * transaction left idle (its client gone silent) is ended by the server after 60 s, releasing its locks.
 */
export function createDatabase(
  url: string,
  { max = 10, statementTimeoutMs = 30_000 } = {},
): { db: Database; pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5_000,
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: 60_000,
  });
  // An idle client that loses its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  // Nor one that loses it while checked out, between the statements of a transaction: pg reports that as an
  // 'error' event on the client, which the pool listens to only while the client is idle. The client is then
  // not queryable: its next statement fails (503) and the pool drops it when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  releaseLostClients(pool);
  return { db: drizzle(pool, { schema }), pool };
}

/**
 * drizzle-orm 0.45 runs a transaction's BEGIN before the try/finally that releases its pooled client
 * (drizzle-orm issues 6023, 6241): when the connection is lost right after the checkout, the client is never
 * released, and the pool is one connection short for good (ten such moments and every request waits for a
 * connection that never comes). So a checked-out client whose connection ends is released at once, with the
 * error (the pool then drops it), and a later release of it does nothing.
 */
function releaseLostClients(pool: pg.Pool) {
  const connect = pool.connect.bind(pool);
  const guarded = async () => {
    const client = await connect();
    const release = client.release;
    let released = false;
    const done = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.off('end', onEnd);
      release(error);
    };
    const onEnd = () => done(new Error('connection lost while checked out'));
    client.once('end', onEnd);
    client.release = done;
    return client;
  };
  pool.connect = ((callback?: Parameters<typeof connect>[0]) =>
    callback ? connect(callback) : guarded()) as typeof pool.connect;
}
