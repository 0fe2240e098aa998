import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { credits, programProviders } from '../../db/schema';
import { idArray, type PricedCredit, pricedCreditColumns, sortCredits } from '../estimates/caller-credits';
import type { OfferCandidate } from '../offers/offer-pricing';

/*
 * A bid priced as any offer is (docs/product/auction.md#bids): one monthly rate for every credit of the set,
 * with the program's discount mode, platform fee, IOF and bank fee, through the estimate's own pricing
 * (offers/offer-pricing.ts).
 */

/** Whatever the credit's term: a bid's one rate covers the whole set. */
const EVERY_TERM = Number.MAX_SAFE_INTEGER;

/**
 * A bid as an offer the set may be priced at. It uses no standing capacity (no room), and its `offerId` is the
 * bid's id (0 before it is stored), which the request at it records in its frozen figures.
 */
export function bidCandidate(bid: {
  id: number;
  funderId: number;
  funderName: string;
  monthlyRate: string;
  createdAt: Date;
}): OfferCandidate {
  return {
    offerId: bid.id,
    funder: { id: bid.funderId, name: bid.funderName, house: false },
    bands: [{ upToDays: EVERY_TERM, monthlyRate: bid.monthlyRate }],
    createdAt: bid.createdAt,
  };
}

/** The quote's credits as pricing reads them, in the estimate's order, whatever their status now. */
export async function quoteCredits(
  db: Executor,
  programProviderId: number,
  ids: readonly number[],
): Promise<PricedCredit[]> {
  const rows = await db
    .select(pricedCreditColumns)
    .from(credits)
    .where(and(eq(credits.programProviderId, programProviderId), sql`${credits.id} = any(${idArray(ids)})`))
    .orderBy(asc(credits.expireDate), asc(credits.id));
  return sortCredits(rows);
}

/** The program of the quote's participation. */
export async function programIdOf(db: Executor, programProviderId: number): Promise<number> {
  const [row] = await db
    .select({ programId: programProviders.programId })
    .from(programProviders)
    .where(eq(programProviders.id, programProviderId));
  return row!.programId;
}
