import {
  estimateCreditsCall,
  getPortfolioCall,
  listCreditsCall,
  listInboxCall,
  listMyProgramsCall,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, loginAs } from '../../test/app';
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
    const programs = (await injectCall(t.app, listMyProgramsCall, { headers: ana })).json() as {
      providerId: number;
    }[];
    const { rows } = await t.db.execute<{ available: number }>(sql`
      select available_credits as available from program_providers where id = ${programs[0]!.providerId}`);
    const page = (
      await injectCall(t.app, listCreditsCall, {
        params: { programProviderId: programs[0]!.providerId },
        query: { sort: 'expireDate,asc' },
        headers: ana,
      })
    ).json() as { totalElements: number; content: { expireDate: string }[] };
    const held = rows[0]!.available - page.totalElements;
    expect(held).toBeGreaterThan(0);
    expect(held / rows[0]!.available).toBeLessThan(0.05);
    // Paid on Thu 4 March with at least 1 day to run: the first due date offered is Fri 5 March or later.
    expect(page.content[0]!.expireDate >= '2027-03-05').toBe(true);
  });

  it('starts Ana with a history: paid, rejected with a reason, cancelled and open requests, frozen, in her notification centre and mailed to nobody', async () => {
    const { rows } = await t.db.execute<{ status: string; n: number; reasons: number; events: number }>(sql`
      select b.status, count(*)::int as n, count(b.rejection_reason)::int as reasons,
        (select count(*)::int from batch_events e join batches x on x.id = e.batch_id where x.status = b.status)
          as events
      from batches b join companies c on c.id = b.company_id
      join users u on u.id = b.user_id
      where c.ref = 'alfa' and u.login = 'ana@demo.test' and b.ref is not null
      group by b.status order by b.status`);
    const byStatus = Object.fromEntries(rows.map((r) => [r.status, r]));
    expect(Object.keys(byStatus)).toEqual(['CANCELLED', 'PAID', 'REJECTED', 'REQUESTED']);
    expect(byStatus.PAID!.n).toBeGreaterThanOrEqual(5);
    expect(byStatus.REJECTED).toMatchObject({ n: 1, reasons: 1, events: 2 });
    expect(byStatus.CANCELLED).toMatchObject({ n: 1, reasons: 0, events: 2 });
    expect(byStatus.REQUESTED!.n).toBeGreaterThanOrEqual(1);
    expect(byStatus.REQUESTED!.events).toBe(byStatus.REQUESTED!.n);
    // Its credits: held by the live requests, released by the others; every date moved with the file.
    const credits = await t.db.execute<{ status: string; live: boolean; ok: boolean }>(sql`
      select distinct c.status, bc.live,
        c.issue_date <= (b.created_at at time zone 'America/Sao_Paulo')::date
          and c.expire_date > (b.created_at at time zone 'America/Sao_Paulo')::date
          and b.created_at < '2027-03-03T10:00:00-03:00'::timestamptz as ok
      from batches b join batch_credits bc on bc.batch_id = b.id join credits c on c.id = bc.credit_id
      where b.ref is not null order by 1, 2`);
    expect(credits.rows).toEqual([
      { status: 'AVAILABLE', live: false, ok: true },
      { status: 'PAID', live: true, ok: true },
      { status: 'REQUESTED', live: true, ok: true },
    ]);
    // Her notification centre holds the same history, the last week's events unread; no e-mail was queued.
    const events = await t.db.execute<{ n: number; recent: number }>(sql`
      select count(*)::int as n,
        (count(*) filter (where e.at >= '2027-02-24T10:00:00-03:00'::timestamptz))::int as recent
      from batch_events e join batches b on b.id = e.batch_id join companies c on c.id = b.company_id
      where c.ref = 'alfa'`);
    const inbox = (await injectCall(t.app, listInboxCall, { query: { size: 100 }, headers: ana })).json() as {
      content: { type: string; message: string }[];
      unread: number;
    };
    expect(inbox.content).toHaveLength(events.rows[0]!.n);
    expect(inbox.unread).toBe(events.rows[0]!.recent);
    expect(inbox.unread).toBeGreaterThan(0);
    expect(inbox.content.filter((i) => i.type === 'BATCH_REJECTED')).toHaveLength(1);
    const mails = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job`);
    expect(mails.rows[0]!.n).toBe(0);
  });

  it('shows an amount advanced in each of the dashboard’s last three months', async () => {
    const res = await injectCall(t.app, getPortfolioCall, { query: { months: 3 }, headers: ana });
    expect(res.statusCode).toBe(200);
    const months = res.json() as { month: string; advanced: number }[];
    expect(months.map((m) => m.month)).toEqual(['2027-01', '2027-02', '2027-03']);
    for (const month of months) expect(month.advanced).toBeGreaterThan(0);
  });
});

describe('the demo’s automatic rule', () => {
  it('is Ana’s, paused, with a taken day (her newest paid request, marked automatic) and a day with nothing', async () => {
    const { rows } = await t.db.execute<{
      active: boolean;
      time: string;
      runs: string[];
      automatic: boolean;
    }>(sql`
      select r.active, r.time,
        (select array_agg(x.status order by x.date) from auto_rule_runs x where x.rule_id = r.id) as runs,
        (select b.automatic from auto_rule_runs x join batches b on b.id = x.batch_id where x.rule_id = r.id)
          as automatic
      from auto_rules r join users u on u.id = r.user_id where u.login = 'ana@demo.test'`);
    expect(rows).toEqual([{ active: false, time: '10:00', runs: ['NOTHING', 'TAKEN'], automatic: true }]);
  });
});

describe('the demo’s funders', () => {
  /** Ana's first open invoice in one of Horizonte's programs, by due date (`asc`: the soonest). */
  async function anaInvoice(programName: string, order: 'asc' | 'desc') {
    const programs = (await injectCall(t.app, listMyProgramsCall, { headers: ana })).json() as {
      providerId: number;
      name: string;
    }[];
    const page = await injectCall(t.app, listCreditsCall, {
      params: { programProviderId: programs.find((p) => p.name === programName)!.providerId },
      query: { sort: `expireDate,${order}`, size: 1 },
      headers: ana,
    });
    return (page.json() as { content: { id: number; expireDate: string }[] }).content[0]!;
  }
  /** Days from the payment date (Thu 4 March) to a due date. */
  const days = (date: string) => (Date.parse(date) - Date.parse('2027-03-04')) / 86_400_000;
  const offersFor = async (creditIds: number[]) => {
    const res = await injectCall(t.app, estimateCreditsCall, { body: creditIds, headers: ana });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { offers: { funder: { name: string } }[] }).offers.map(
      (offer) => offer.funder.name,
    );
  };

  it.each(['Horizonte Fornecedores', 'Horizonte Logística'])(
    'give %s three offers: the bank wins short invoices, the FIDC long ones',
    async (programName) => {
      const [short, long] = [await anaInvoice(programName, 'asc'), await anaInvoice(programName, 'desc')];
      expect([days(short.expireDate) <= 30, days(long.expireDate) > 90]).toEqual([true, true]);
      expect(await offersFor([short.id])).toEqual([
        'Banco Meridiano S.A.',
        'Horizonte Alimentos S.A.',
        'Cerrado FIDC',
      ]);
      expect(await offersFor([long.id])).toEqual([
        'Cerrado FIDC',
        'Horizonte Alimentos S.A.',
        'Banco Meridiano S.A.',
      ]);
      expect(await offersFor([short.id, long.id])).toHaveLength(3);
    },
  );
});
