import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { createDatabase } from '../../apps/api/src/db/client';
import type { Background } from '../../apps/api/src/lib/background';
import { findTokenUser } from '../../apps/api/src/modules/auth/tokens';
import { listCredits } from '../../apps/api/src/modules/credits/credit-list';
import type { ProductEnv } from './product';

/*
 * The statements one credits page needs to be answered correctly, as the product itself sends them to
 * PostgreSQL: recorded by running the product's own code (the token check, then the list: its access check and
 * its page query) on a pool that notes every query it is given. The SQL floor (bench/perf/sql-floor-server.ts)
 * replays them, with the same parameters, for every request it answers.
 */

export type RecordedStatement = { text: string; values: unknown[]; name?: string };

export async function recordPageStatements(
  env: ProductEnv,
  input: { token: string; programProviderId: number; page: number; size: number; dir: string },
): Promise<{ file: string; url: string; statements: RecordedStatement[] }> {
  const password = (await fs.readFile(path.join(env.dataDir, 'pg-password'), 'utf8')).trim();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${env.pgPort}/portal`;
  const { db, pool } = createDatabase(url, { max: 1 });
  const statements: RecordedStatement[] = [];
  pool.on('connect', (client: pg.PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
      config: unknown,
      ...rest: unknown[]
    ) => {
      // Drizzle passes the values beside the config (client.query(config, params)); pg also takes them inside.
      const given = Array.isArray(rest[0]) ? (rest[0] as unknown[]) : undefined;
      if (config && typeof config === 'object' && 'text' in config) {
        const { text, values, name } = config as RecordedStatement;
        statements.push({ text, values: (given ?? values ?? []).map(wireValue), ...(name && { name }) });
      } else if (typeof config === 'string') {
        statements.push({ text: config, values: (given ?? []).map(wireValue) });
      }
      return query(config, ...rest);
    };
  });
  try {
    const now = new Date();
    const caller = await findTokenUser(db, input.token, now);
    if (!caller) throw new Error('the bench token was not accepted');
    // Prices are current by now (the bench waits for the pass): no repricing to start.
    const background: Background = { run: () => undefined, drain: async () => undefined };
    await listCredits(db, {
      caller,
      programProviderId: input.programProviderId,
      page: input.page,
      size: input.size,
      now,
      background,
    });
  } finally {
    await pool.end();
  }
  const file = path.join(input.dir, 'page-statements.json');
  await fs.writeFile(file, JSON.stringify(statements));
  return { file, url, statements };
}

/** Parameters as node-postgres sends them: dates as ISO text, bigints as decimal text. */
function wireValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value;
}
