import type { CreditReason, UnavailableCreditPage } from '@portal/contract';
import type { Database } from '../../db/client';
import { findCallerProgramProvider } from '../access/caller-access';
import type { AuthenticatedUser } from '../auth/tokens';
import { pricingContextOf } from '../pricing/pricing-context';
import { creditFactsOf } from './credit-facts';
import { readUnavailablePage, type UnavailableRow } from './unavailable-page-query';

export type ListUnavailableCreditsInput = {
  caller: AuthenticatedUser;
  programProviderId: number;
  page: number;
  size: number;
  now: Date;
};

/**
 * A page of the program provider's credits that cannot be advanced now, each with its reason
 * (docs/product/pricing-and-eligibility.md#not-available): the AVAILABLE credits the credit list leaves out,
 * by the same first eligible due date, and those the buyer withdrew (UNAVAILABLE). The same access check as
 * the credit list, so another company's id is the same 404 as one that does not exist.
 */
export async function listUnavailableCredits(
  db: Database,
  input: ListUnavailableCreditsInput,
): Promise<UnavailableCreditPage> {
  const found = await findCallerProgramProvider(db, input.caller, input.programProviderId);
  const { eligibleFrom } = pricingContextOf(found, input.now);
  const page = await readUnavailablePage(db, {
    programProviderId: found.programProvider.id,
    eligibleFrom,
    offset: input.page * input.size,
    size: input.size,
  });
  return { content: page.rows.map(toItem), number: input.page, last: !page.hasMore };
}

const reasons = {
  AVAILABLE: 'credit.reason.dueTooSoon',
  UNAVAILABLE: 'credit.reason.withdrawn',
} as const satisfies Record<UnavailableRow['status'], CreditReason>;

function toItem(row: UnavailableRow) {
  return Object.assign(creditFactsOf(row), { reason: reasons[row.status] });
}
