import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, loginAs } from '../../test/app';
import { seedDemoIfEmpty } from './seed-demo';

// Wed 3 March 2027, 10:00 in São Paulo: a day far from the one the demo file is written for.
const t = await buildTestApp();
t.clock.set(new Date('2027-03-03T10:00:00-03:00'));
await seedDemoIfEmpty(t.db, t.clock);
const ana = await loginAs(t.app, { login: 'ana@demo.test', password: 'demo1234' });

describe('the demo data, seeded on any day', () => {
  it('has its calendar moved to that day: due dates from today on, invites still open', async () => {
    // The file's first due date is the day it is written for: it lands on the seeding day.
    const { rows } = await t.db.execute<{ first: string; invite: boolean }>(sql`
      select min(expire_date)::text as first,
        (select min(expires_at) > '2027-03-03T10:00:00-03:00'::timestamptz from invites) as invite
      from credits`);
    expect(rows[0]).toEqual({ first: '2027-03-03', invite: true });
  });

  it('offers most AVAILABLE credits and holds back the few too close to their due date', async () => {
    const programs = (
      await t.app.inject({ url: '/api/webapp/programs/me/default', headers: ana })
    ).json() as { providerId: number }[];
    const { rows } = await t.db.execute<{ available: number }>(sql`
      select available_credits as available from program_providers where id = ${programs[0]!.providerId}`);
    const page = (
      await t.app.inject({
        url: `/api/webapp/credits/programProvider/${programs[0]!.providerId}?sort=expireDate,asc`,
        headers: ana,
      })
    ).json() as { totalElements: number; content: { expireDate: string }[] };
    const held = rows[0]!.available - page.totalElements;
    expect(held).toBeGreaterThan(0);
    expect(held / rows[0]!.available).toBeLessThan(0.05);
    // Paid on Thu 4 March with at least 1 day to run: the first due date offered is Fri 5 March or later.
    expect(page.content[0]!.expireDate >= '2027-03-05').toBe(true);
  });
});
