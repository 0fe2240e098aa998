import type { AddressInfo } from 'node:net';
import { buildPath, requestBatchCall } from '@portal/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inboxItems } from '../src/db/schema';
import { freePort } from './free-port';
import {
  alfaAvailableCredits,
  DEMO_PROVIDER,
  httpRequest,
  loginOverHttp,
  pause,
  serverDatabase,
  serverSetup,
  startServer,
  until,
} from './server-process';
import { smtpCapture } from './smtp-capture';

/*
 * The e-mail of an event is written with the change and sent later by the server's worker (jobs/mail-worker.ts):
 * here the real server process, the real pg-boss queue in its embedded PostgreSQL, and nodemailer talking to an
 * SMTP server on loopback that is down at first.
 */

const smtpPort = await freePort();
const setup = await serverSetup({
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  // The demo organization is open every day at any hour; a fixed clock keeps the test off its one closed minute.
  APP_NOW: '2026-11-23T10:00:00-03:00',
});

/** Every message the loopback SMTP server accepted, raw; the server is down until step 3. */
const smtp = smtpCapture(smtpPort);
const { received } = smtp;

/** How many accepted messages carry the Message-ID of each inbox item. */
const copiesOf = (itemIds: number[]) =>
  itemIds.map((id) => received.filter((raw) => raw.includes(`<inbox-item-${id}@`)).length);

describe('the e-mail outbox', () => {
  it('a SIGKILL between the commit and the send, then SMTP down for a while: every mail goes out once', async () => {
    let server = await startServer(setup);
    const { db } = serverDatabase(setup);
    const auth = await loginOverHttp(setup.port, DEMO_PROVIDER.login, DEMO_PROVIDER.password);
    const { creditIds } = await alfaAvailableCredits(db);
    const request = (ids: number[]) =>
      httpRequest(setup.port, {
        method: 'POST',
        path: buildPath(requestBatchCall),
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(ids),
      });
    const itemsOf = async (batchId: number) =>
      (await db.select({ id: inboxItems.id }).from(inboxItems).where(eq(inboxItems.batchId, batchId))).map(
        (row) => row.id,
      );
    const jobStates = async (itemIds: number[]) => {
      const rows = await db.execute<{ item: string; state: string }>(
        sql`select data->'inboxItemIds'->>0 as item, state from pgboss.job
            where name = 'event-mail' and data->'inboxItemIds'->>0 in ${itemIds.map(String)}`,
      );
      return rows.rows.map((row) => row.state);
    };

    // 1. Acknowledged, then the process dies at once: the mail exists only as a job in PostgreSQL.
    const first = await request(creditIds.slice(0, 2));
    expect(first.status).toBe(200);
    server.child.kill('SIGKILL');
    await server.exited;
    const firstItems = await itemsOf(JSON.parse(first.body).id);
    expect(firstItems.length).toBeGreaterThan(0);
    expect(await jobStates(firstItems)).toEqual(firstItems.map(() => 'created'));

    // 2. Back up, SMTP still down: a second request, and both mails fail and wait for their retry.
    const restartedAt = Date.now();
    server = await startServer(setup);
    const second = await request(creditIds.slice(2, 4));
    expect(second.status).toBe(200);
    const secondItems = await itemsOf(JSON.parse(second.body).id);
    const all = [...firstItems, ...secondItems];
    await until(
      'a failed attempt of every mail while SMTP is down',
      async () => ((await jobStates(all)).every((state) => state === 'retry') ? true : undefined),
      30_000,
    );
    const downFor = Date.now() - restartedAt;
    expect(received).toEqual([]);

    // 3. SMTP comes back: each mail arrives, once.
    await smtp.listen();
    expect((smtp.server.server.address() as AddressInfo).port).toBe(smtpPort);
    const backAt = Date.now();
    await until(
      'every mail delivered',
      () => (copiesOf(all).every((copies) => copies >= 1) ? true : undefined),
      120_000,
    );
    const deliveredAfter = Date.now() - backAt;
    await until(
      'every job completed',
      async () => ((await jobStates(all)).every((state) => state === 'completed') ? true : undefined),
      10_000,
    );
    await pause(2_000);
    expect(copiesOf(all)).toEqual(all.map(() => 1));
    const mailed = await db
      .select({ mailedAt: inboxItems.mailedAt })
      .from(inboxItems)
      .where(inArray(inboxItems.id, all));
    expect(mailed.every((row) => row.mailedAt !== null)).toBe(true);
    console.log(
      `mail outbox: ${all.length} mails (${firstItems.length} of a request acknowledged just before a SIGKILL, ` +
        `${secondItems.length} after the restart); SMTP down ${downFor} ms after the restart, every mail failed ` +
        `at least once; delivered ${deliveredAfter} ms after SMTP came back, each exactly once`,
    );
    server.child.kill('SIGTERM');
    await server.exited;
  }, 240_000);
});
