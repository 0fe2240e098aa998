import { sql } from 'drizzle-orm';
import { bigint, pgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/database';
import { startTcpProxy } from '../../test/tcp-proxy';
import { createDatabase, pgTypes } from './client';

const { url } = await freshDatabase();
const target = new URL(url);
const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) });
const proxied = new URL(url);
proxied.port = String(proxy.port);
// One connection, so that a connection lost to the pool shows at once.
const { db, pool } = createDatabase(proxied.toString(), { max: 1 });
afterAll(async () => {
  await pool.end();
  await proxy.close();
});

describe('the database pool', () => {
  it('a connection lost as a transaction begins fails that transaction, and the next one gets a connection', async () => {
    await db.execute(sql`select 1`); // the pool's one connection, now idle
    for (let round = 0; round < 3; round++) {
      proxy.cutOnNextData(); // the database restarts (or fails over) just as BEGIN is sent
      await expect(db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      const startedAt = Date.now();
      const { rows } = await db.transaction((tx) => tx.execute<{ one: number }>(sql`select 1 as one`));
      expect(rows).toEqual([{ one: 1 }]);
      // Not after the 5 s wait for a free connection that a leaked one would cause (then a timeout).
      expect(Date.now() - startedAt).toBeLessThan(2_000);
    }
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });

  it('a connection lost in the middle of a transaction fails it without crashing the process', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => void uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const lost = db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        proxy.cutOnNextData();
        await tx.execute(sql`select 2`);
      });
      await expect(lost).rejects.toThrow();
      const { rows } = await db.execute<{ one: number }>(sql`select 1 as one`);
      expect(rows).toEqual([{ one: 1 }]);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});

describe('bigint columns', () => {
  // 2^53 + 1: a float would read it as 2^53.
  const cents = 9_007_199_254_740_993n;
  const probe = pgTable('bigint_probe', { cents: bigint('cents', { mode: 'bigint' }).notNull() });
  const direct = createDatabase(url);
  afterAll(() => direct.pool.end());

  it('come back as bigint through the pool, drizzle (columns, sql, execute, transactions) and a client', async () => {
    await direct.pool.query('create table bigint_probe (cents bigint not null)');
    await direct.pool.query('insert into bigint_probe values ($1)', [cents.toString()]);
    expect((await direct.pool.query('select cents from bigint_probe')).rows).toEqual([{ cents }]);
    expect(await direct.db.select().from(probe)).toEqual([{ cents }]);
    expect(await direct.db.select({ cents: sql<bigint>`max(${probe.cents})::bigint` }).from(probe)).toEqual([
      { cents },
    ]);
    expect((await direct.db.execute(sql`select cents from bigint_probe`)).rows).toEqual([{ cents }]);
    const inTransaction = await direct.db.transaction((tx) =>
      tx.execute(sql`select count(*) from bigint_probe`),
    );
    expect(inTransaction.rows).toEqual([{ count: 1n }]);
    const client = new pg.Client({ connectionString: url, types: pgTypes });
    await client.connect();
    try {
      expect((await client.query('select cents from bigint_probe')).rows).toEqual([{ cents }]);
    } finally {
      await client.end();
    }
  });

  it("leave pg's global parsers alone (a pool without the option reads bigint as text)", async () => {
    expect(pg.types.getTypeParser(20, 'text')('12')).toBe('12');
    const plain = new pg.Pool({ connectionString: url, max: 1 });
    try {
      expect((await plain.query('select 12::bigint as n')).rows).toEqual([{ n: '12' }]);
    } finally {
      await plain.end();
    }
  });
});
