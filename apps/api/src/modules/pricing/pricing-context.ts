import type { CalendarOptions, PricingRates } from '@portal/pricing';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizations, programIofRates, programs } from '../../db/schema';
import { zonedDateTime } from '../../lib/zoned-time';

/**
 * Everything needed to price credits of one program at one instant: the rates in force (IOF by its
 * valid-from history), the request date and time in the organization's zone, and the payment terms.
 */
export type PricingContext = {
  programId: number;
  rates: PricingRates;
  /** The bank calendar prices money (payment and due dates skip weekends and national bank holidays). */
  calendar: CalendarOptions;
  requestDate: string;
  requestTime: string;
  daysToPay: number;
  anticipationMaxTime: string;
  organization: { id: number; timezone: string; calendarOpen: string; businessDaysOnly: boolean };
};

/** The program's IOF history, newest first, as text so the rates keep their exact decimals. */
const iofHistory = sql<{ validFrom: string; daily: string; fixed: string }[] | null>`(
  select json_agg(json_build_object('validFrom', r.valid_from, 'daily', r.daily::text, 'fixed', r.fixed::text)
    order by r.valid_from desc)
  from ${programIofRates} r where r.program_id = ${programs.id})`;

/**
 * One round trip, a named prepared statement: this runs on every list, estimate and batch request, where
 * each round trip to PostgreSQL (and each parse and plan there) is a measurable part of the request
 * (docs/performance.md).
 */
function prepare(db: Executor) {
  return db
    .select({ program: programs, organization: organizations, iofHistory })
    .from(programs)
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .where(eq(programs.id, sql.placeholder('programId')))
    .prepare('pricing_context');
}

const prepared = new WeakMap<Executor, ReturnType<typeof prepare>>();

export async function loadPricingContext(
  db: Executor,
  programId: number,
  now: Date,
): Promise<PricingContext> {
  let query = prepared.get(db);
  if (!query) {
    query = prepare(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ programId });
  if (!row) throw new Error(`program ${programId} not found`);
  const { program, organization } = row;
  const { date, time } = zonedDateTime(now, organization.timezone);
  // The rates in force: the newest whose valid-from day has come, in the organization's zone.
  const iof = row.iofHistory?.find((rate) => rate.validFrom <= date);
  return {
    programId,
    rates: {
      monthlyRate: program.monthlyRate,
      discountMode: program.discountMode,
      platformFee: program.platformFee,
      iofDaily: iof?.daily ?? '0',
      iofFixed: iof?.fixed ?? '0',
      bankFeeCents: program.bankFeeCents,
    },
    calendar: {},
    requestDate: date,
    requestTime: time,
    daysToPay: program.daysToPay,
    anticipationMaxTime: program.anticipationMaxTime,
    organization: {
      id: organization.id,
      timezone: organization.timezone,
      calendarOpen: organization.calendarOpen,
      businessDaysOnly: organization.businessDaysOnly,
    },
  };
}
