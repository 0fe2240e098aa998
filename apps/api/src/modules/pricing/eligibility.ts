import { AppError } from '../../http/app-error';
import type { PricingContext } from './pricing-context';

/*
 * Which credits can be advanced: only those with at least the program's minDaysToMaturity days between the
 * payment date of a request made now and their due date (moved to the next business day). The context
 * reduces that rule to one date, `eligibleFrom`: a credit is eligible when its due date is on or after it,
 * which a query tests on the (program provider, …, expire_date) indexes. The rule changes with the moment
 * of the call (the window closing moves the payment date), so it is never stored.
 */

export function isEligible(context: Pick<PricingContext, 'eligibleFrom'>, expireDate: string): boolean {
  return expireDate >= context.eligibleFrom;
}

/**
 * Refuses a set of credits that holds any credit too close to its due date: 400 error.credit.invalid,
 * each such credit named by its id in fieldErrors.
 */
export function assertEligible(
  context: PricingContext,
  credits: readonly { id: number; expireDate: string }[],
) {
  const refused = credits.filter((credit) => !isEligible(context, credit.expireDate));
  if (refused.length === 0) return;
  throw new AppError('error.credit.invalid', {
    fieldErrors: refused.map((credit) => ({ field: String(credit.id), message: 'error.credit.invalid' })),
  });
}
