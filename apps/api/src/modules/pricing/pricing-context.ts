import type { CalendarOptions, PricingRates } from '@portal/pricing';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizations, programIofRates, programs } from '../../db/schema';
import { requestTermsAt } from './request-terms';

/**
 * Everything needed to price credits of one program at one instant: the rates in force (IOF by its
 * valid-from history), the instant's date and time in the organization's zone, the day a request made now is
 * taken, the payment date that follows, and the first due date that can still be advanced.
 */
export type PricingContext = {
  programId: number;
  rates: PricingRates;
  /** The bank calendar prices money (payment and due dates skip weekends and national bank holidays). */
  calendar: CalendarOptions;
  /** The instant's date and time (HH:mm) in the organization's zone: what the operating window checks. */
  today: string;
  time: string;
  /**
   * The day a request made now is taken: today until today's window closes, else the next day the
   * organization opens. An estimate at 18:01 (or on a Sunday) shows what a request can really get.
   */
  requestDate: string;
  /** daysToPay business days after the request date. */
  paymentDate: string;
  /** The earliest due date that keeps minDaysToMaturity days after the payment date (eligibility). */
  eligibleFrom: string;
  daysToPay: number;
  anticipationMaxTime: string;
  organization: { id: number; timezone: string; calendarOpen: string; businessDaysOnly: boolean };
};

/** The program's IOF history, newest first, as text so the rates keep their exact decimals. */
export const iofHistory = sql<IofRate[] | null>`(
  select json_agg(json_build_object('validFrom', r.valid_from, 'daily', r.daily::text, 'fixed', r.fixed::text)
    order by r.valid_from desc)
  from ${programIofRates} r where r.program_id = ${programs.id})`;

type IofRate = { validFrom: string; daily: string; fixed: string };

/** The organization's columns pricing needs (its zone, opening time and calendar). */
export const pricingOrganizationColumns = {
  id: organizations.id,
  timezone: organizations.timezone,
  calendarOpen: organizations.calendarOpen,
  businessDaysOnly: organizations.businessDaysOnly,
};

/** What a pricing context is built from: one row of programs, its organization and its IOF history. */
export type PricingSource = {
  program: typeof programs.$inferSelect;
  organization: PricingContext['organization'];
  iofHistory: IofRate[] | null;
};

/**
 * One round trip, a named prepared statement: this runs on every estimate and batch request, where each
 * round trip to PostgreSQL (and each parse and plan there) is a measurable part of the request
 * (docs/decisions/api-speed.md#prepared-statements). The credit list reads the same columns with its access check instead.
 */
function prepare(db: Executor) {
  return db
    .select({ program: programs, organization: pricingOrganizationColumns, iofHistory })
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
  return pricingContextOf(row, now);
}

/** The pricing context of a program at `now`, from rows already read. */
export function pricingContextOf(
  { program, organization, iofHistory }: PricingSource,
  now: Date,
): PricingContext {
  const terms = requestTermsAt(program, organization, now);
  // The rates in force: the newest whose valid-from day has come, in the organization's zone.
  const iof = iofHistory?.find((rate) => rate.validFrom <= terms.today);
  return {
    programId: program.id,
    rates: {
      monthlyRate: program.monthlyRate,
      discountMode: program.discountMode,
      platformFee: program.platformFee,
      iofDaily: iof?.daily ?? '0',
      iofFixed: iof?.fixed ?? '0',
      bankFeeCents: program.bankFeeCents,
    },
    ...terms,
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
