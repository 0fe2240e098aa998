import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/database';
import { startTcpProxy } from '../../test/tcp-proxy';
import { createDatabase } from './client';

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
