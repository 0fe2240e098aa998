import { zonedDateTime } from '@portal/contract';
import {
  addBusinessDays,
  addCalendarDays,
  type CalendarOptions,
  firstEligibleDueDate,
  isBusinessDay,
  nextBusinessDay,
} from '@portal/pricing';

type ProgramTerms = { daysToPay: number; anticipationMaxTime: string; minDaysToMaturity: number };
type OrganizationCalendar = { timezone: string; businessDaysOnly: boolean };

/**
 * What a request made at `now` in a program would get, in the organization's zone: the instant's date and
 * time, the day the request is taken, the payment date, and the earliest due date that can still be
 * advanced (eligibility). Pricing runs on the bank calendar (weekends and national bank holidays closed).
 */
export function requestTermsAt(program: ProgramTerms, organization: OrganizationCalendar, now: Date) {
  const calendar: CalendarOptions = {};
  const { date: today, time } = zonedDateTime(now, organization.timezone);
  const requestDate = requestDayAt({ date: today, time }, program.anticipationMaxTime, organization);
  const paymentDate = addBusinessDays(requestDate, program.daysToPay, calendar);
  return {
    calendar,
    today,
    time,
    requestDate,
    paymentDate,
    eligibleFrom: firstEligibleDueDate(paymentDate, program.minDaysToMaturity, calendar),
  };
}

/**
 * Today while today is an opening day whose window has not closed yet (before opening time included: the
 * request can still be made today), otherwise the next opening day. Times are HH:mm, compared to the
 * minute as the window itself is (batches/batch-checks.ts).
 */
export function requestDayAt(
  at: { date: string; time: string },
  closesAt: string,
  organization: { businessDaysOnly: boolean },
): string {
  const opening = { businessDaysOnly: organization.businessDaysOnly };
  if (isBusinessDay(at.date, opening) && at.time <= closesAt) return at.date;
  return nextBusinessDay(addCalendarDays(at.date, 1), opening);
}
