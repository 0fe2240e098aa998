import type { CalendarOptions, PricingRates } from '@portal/pricing';
import { and, desc, eq, lte } from 'drizzle-orm';
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

export async function loadPricingContext(
  db: Executor,
  programId: number,
  now: Date,
): Promise<PricingContext> {
  const [row] = await db
    .select({ program: programs, organization: organizations })
    .from(programs)
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .where(eq(programs.id, programId));
  if (!row) throw new Error(`program ${programId} not found`);
  const { program, organization } = row;
  const { date, time } = zonedDateTime(now, organization.timezone);
  const [iof] = await db
    .select({ daily: programIofRates.daily, fixed: programIofRates.fixed })
    .from(programIofRates)
    .where(and(eq(programIofRates.programId, programId), lte(programIofRates.validFrom, date)))
    .orderBy(desc(programIofRates.validFrom))
    .limit(1);
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
