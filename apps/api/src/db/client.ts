import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

/**
 * The app's database handle; `$client` is its pool, for the rare work that needs one session throughout.
 * `$pagePool` runs the credit list's page statements only, each planned once per connection (createDatabase).
 */
export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool; $pagePool: pg.Pool };
/** A database handle or an open transaction: query functions accept either. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;

const INT8_OID = 20;
const parseInt8 = (value: string) => BigInt(value);

/** `types` as given, with PostgreSQL bigint (int8) read as a JS bigint. */
function withInt8AsBigint(types: pg.CustomTypesConfig): pg.CustomTypesConfig {
  const getTypeParser = (oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary' ? parseInt8 : types.getTypeParser(oid, format);
  return { getTypeParser: getTypeParser as pg.CustomTypesConfig['getTypeParser'] };
}

/**
 * pg's type parsers, but bigint (int8, oid 20) as JS bigint: money is centavos and must never pass through a
 * float. The `types` option of every pool and client that reads bigint columns (createDatabase's pool has it);
 * pg's global parsers stay as they are.
 */
export const pgTypes: pg.CustomTypesConfig = withInt8AsBigint(pg.types);

/**
 * drizzle-orm's node-postgres driver gives every query parsers of its own (dates as text) that fall back to
 * pg's global ones, not to the pool's `types`: so a client's queries that bring their own get int8 as bigint
 * added to them here, and `sql<bigint>` expressions and `db.execute` rows keep reading bigint.
 */
function parseInt8InDrizzleQueries(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) =>
    query(
      bringsOwnTypes(config) ? { ...config, types: withInt8AsBigint(config.types) } : config,
      ...rest,
    )) as typeof client.query;
}

/** A plain query config with its own parsers (not a Query or cursor object, which are submitted as they are). */
function bringsOwnTypes(config: unknown): config is pg.QueryConfig & { types: pg.CustomTypesConfig } {
  if (typeof config !== 'object' || config === null) return false;
  const candidate = config as { types?: unknown; submit?: unknown };
  return (
    typeof candidate.submit !== 'function' && typeof candidate.types === 'object' && candidate.types !== null
  );
}

/** Connections of the app's pool. */
export const POOL_SIZE = 10;
/** Connections of the page statements' pool, beside the app's. */
export const PAGE_POOL_SIZE = 5;

/**
 * Every wait has an end, so a request answers (503 when the database is the cause) instead of hanging: a
 * connection (or a free slot in the pool) within 5 s, a statement, lock waits included, within 30 s; and a
 * transaction left idle (its client gone silent) is ended by the server after 60 s, releasing its locks.
 */
export function createDatabase(
  url: string,
  { max = POOL_SIZE, statementTimeoutMs = 30_000 } = {},
): { db: Database; pool: pg.Pool } {
  const options: pg.PoolConfig = {
    connectionString: url,
    connectionTimeoutMillis: 5_000,
    // pg's default closes a connection idle for 10 s, so a quiet minute made the next request connect again
    // (15–35 ms); a minute keeps the pool ready between a supplier's clicks.
    idleTimeoutMillis: 60_000,
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: 60_000,
    types: pgTypes,
  };
  const pool = new pg.Pool({ ...options, max });
  // The credit list's page statements (modules/credits/credit-page-query.ts), and nothing else, run on sessions
  // that plan a prepared statement once, at its first execution, and reuse that plan. PostgreSQL's default
  // replans them on every page (a custom plan: LIMIT and OFFSET are parameters, and a generic plan estimates
  // them at a tenth of the table), which cost more than executing them (docs/decisions/api-speed.md#generic-page-plans).
  // Every other statement keeps the default on the app's pool: a generic plan cannot use a partial index whose
  // condition a parameter states. Set by a statement rather than a startup option, which connection poolers
  // refuse, in pg-pool's `onConnect`, which the pool awaits before it hands the connection over; should it
  // fail, the pages are planned as before.
  const pagePool = new pg.Pool({
    ...options,
    max: Math.min(max, PAGE_POOL_SIZE),
    onConnect: async (client) => {
      await client.query('set plan_cache_mode = force_generic_plan').catch(() => {});
    },
  });
  guardPool(pagePool);
  const end = pool.end.bind(pool);
  // Whoever ends the app's pool ends both: every caller has one pool to close.
  pool.end = (async () => {
    await Promise.all([end(), pagePool.ended ? undefined : pagePool.end()]);
  }) as typeof pool.end;
  guardPool(pool);
  const db = Object.assign(drizzle(pool, { schema }), { $pagePool: pagePool });
  return { db, pool };
}

/** What every pool of the app does on a lost connection. */
function guardPool(pool: pg.Pool) {
  // An idle client that loses its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  // Nor one that loses it while checked out, between the statements of a transaction: pg reports that as an
  // 'error' event on the client, which the pool listens to only while the client is idle. The client is then
  // not queryable: its next statement fails (503) and the pool drops it when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    parseInt8InDrizzleQueries(client);
  });
  releaseLostClients(pool);
}

/**
 * Opens `count` connections of the pool at once and has each backend plan a statement over the tables every
 * credits page reads, so that the first pages after a start find connections ready: a new connection costs
 * 15–35 ms here (the SCRAM exchange and a backend started), and a backend's first statement on `credits` another
 * 5 ms or so, loading the catalog entries of the table and its ten indexes (docs/decisions/api-speed.md#warm-start).
 * EXPLAIN plans without reading a row.
 */
export async function warmPool(pool: pg.Pool, count: number) {
  const clients = await Promise.all(Array.from({ length: count }, () => pool.connect()));
  try {
    await Promise.all(clients.map((client) => client.query(WARM_UP)));
  } finally {
    for (const client of clients) client.release();
  }
}

const WARM_UP = `explain select c.id, ci.access_key from access_tokens t
  join users u on u.id = t.user_id join organizations o on o.id = u.organization_id
  join persons p on p.user_id = u.id join team_members tm on tm.person_id = p.id
  join program_providers pp on pp.company_id = tm.company_id join programs pr on pr.id = pp.program_id
  join credits c on c.program_provider_id = pp.id left join credit_invoices ci on ci.credit_id = c.id
  where t.token_hash = '' and c.status = 'AVAILABLE' order by c.original_value_cents limit 1`;

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
