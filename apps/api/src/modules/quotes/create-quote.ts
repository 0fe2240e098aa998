import type { Quote } from '@portal/contract';
import type { Database } from '../../db/client';
import { quotes } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { findCallerProgramProvider } from '../access/caller-access';
import type { AuthenticatedUser } from '../auth/tokens';
import { isUniqueViolation } from '../batches/unique-violation';
import { checkCanAnticipate } from '../companies/anticipation-rules';
import { resolveCallerCredits } from '../estimates/caller-credits';
import { assertEligible } from '../pricing/eligibility';
import { pricingContextOf } from '../pricing/pricing-context';
import { expireQuotes } from './expire-quotes';
import { announceQuote } from './quote-events';

/**
 * `POST quotes` (docs/product/auction.md#asking): the set passes the estimate's checks (the caller's credits,
 * AVAILABLE, of one participation, eligible, a company that may anticipate), is worth at least the program's
 * quoteMinimum, and the participation has no other OPEN quote. Nothing is claimed: the credits stay available.
 */
export async function createQuote(
  db: Database,
  caller: AuthenticatedUser,
  creditIds: readonly number[],
  now: Date,
): Promise<Quote> {
  const selection = await resolveCallerCredits(db, caller.id, creditIds);
  const found = await findCallerProgramProvider(db, caller, selection.programProviderId);
  checkCanAnticipate(found.company);
  assertEligible(pricingContextOf(found, now), selection.credits);
  const value = selection.credits.reduce((sum, credit) => sum + credit.originalValueCents, 0n);
  if (value < found.program.quoteMinimumCents) throw new AppError('error.quote.tooSmall');
  const closesAt = new Date(now.getTime() + found.program.quoteWindowMinutes * 60_000);
  const quote = await db.transaction(async (tx) => {
    // An OPEN quote of the participation past its close, not yet swept by the expiry job, gives way now.
    await expireQuotes(tx, now, found.programProvider.id);
    try {
      const [row] = await tx
        .insert(quotes)
        .values({
          organizationId: found.programProvider.organizationId,
          programProviderId: found.programProvider.id,
          companyId: found.company.id,
          userId: caller.id,
          status: 'OPEN',
          creditIds: [...creditIds],
          closesAt,
          createdAt: now,
        })
        .returning();
      await announceQuote(tx, row!, found.program.id, now);
      return row!;
    } catch (error) {
      if (isUniqueViolation(error, 'quotes_one_open')) throw new AppError('error.quote.alreadyOpen');
      throw error;
    }
  });
  return {
    id: quote.id,
    status: 'OPEN',
    closesAt: quote.closesAt.toISOString(),
    creditIds: quote.creditIds,
    bids: [],
  };
}
