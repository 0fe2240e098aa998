import { centsToWire, type PortfolioMonth } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { AuthenticatedUser } from '../auth/tokens';
import { findDefaultMembership } from '../companies/company-queries';
import { organizationDay } from './organization-today';

/**
 * The dashboard chart, per month of the last `months` (the current one included, oldest first), for the
 * default company's participations that are not REMOVED:
 * - toReceive: original values of AVAILABLE credits falling due in the month: what the buyer still owes the
 *   supplier directly. Credits in a live request are not counted here but in `advanced`, so no amount counts
 *   twice; a rejected request releases its credits back to AVAILABLE and so back to toReceive.
 * - advanced: net amounts (Σ anticipation) of the batches requested in the month (organization's zone) that
 *   are live, REQUESTED or PAID (a rejected or cancelled request advanced nothing).
 */
export async function getPortfolio(
  db: Executor,
  input: { caller: AuthenticatedUser; months: number; now: Date },
): Promise<PortfolioMonth[]> {
  const company = await findDefaultMembership(db, input.caller.id);
  const { timezone, today } = await organizationDay(db, input.caller.organizationId, input.now);
  const months = lastMonths(today, input.months);
  const from = `${months[0]}-01`;
  const until = `${nextMonth(months[months.length - 1]!)}-01`;
  const result = await db.execute<{ month: string; kind: 'toReceive' | 'advanced'; cents: string }>(sql`
    select to_char(c.expire_date, 'YYYY-MM') as "month", 'toReceive' as "kind",
      sum(c.original_value_cents)::text as "cents"
    from credits c
    join program_providers pp on pp.id = c.program_provider_id
    where pp.company_id = ${company.id} and pp.status <> 'REMOVED' and c.status = 'AVAILABLE'
      and c.expire_date >= ${from}::date and c.expire_date < ${until}::date
    group by 1
    union all
    select to_char(b.created_at at time zone ${timezone}, 'YYYY-MM'), 'advanced', sum(b.net_value_cents)::text
    from batches b
    join program_providers pp on pp.id = b.program_provider_id
    where b.company_id = ${company.id} and pp.status <> 'REMOVED' and b.status in ('REQUESTED', 'PAID')
      and b.created_at >= (${from}::timestamp at time zone ${timezone})
      and b.created_at < (${until}::timestamp at time zone ${timezone})
    group by 1`);
  const cents = new Map(result.rows.map((row) => [`${row.kind} ${row.month}`, BigInt(row.cents)]));
  return months.map((month) => ({
    month,
    toReceive: centsToWire(cents.get(`toReceive ${month}`) ?? 0n),
    advanced: centsToWire(cents.get(`advanced ${month}`) ?? 0n),
  }));
}

/** 'YYYY-MM' of the `count` months ending with the month of `today`, oldest first. */
export function lastMonths(today: string, count: number): string[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const current = year * 12 + (month - 1);
  return Array.from({ length: count }, (_, i) => formatMonth(current - (count - 1) + i));
}

function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return formatMonth(year * 12 + m);
}

function formatMonth(index: number): string {
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}
