import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { funders, quoteBids, quoteFunders, quotes } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthenticatedUser } from '../auth/tokens';
import { listCallerCompanyIds } from '../estimates/caller-credits';
import type { FunderCaller } from '../offers/offers';

/*
 * Reading quotes (docs/product/auction.md): a supplier's through its active memberships, so another company's
 * quote answers exactly as one that does not exist.
 */

export type QuoteRow = typeof quotes.$inferSelect;

export const quoteNotFound = () => new AppError('error.quote.notFound');

/** Open for bids and acceptance: OPEN and before its close (the expiry job may not have run yet). */
export function isOpen(quote: Pick<QuoteRow, 'status' | 'closesAt'>, now: Date): boolean {
  return quote.status === 'OPEN' && quote.closesAt > now;
}

/** The status as it stands at `now`: an OPEN quote past its close is EXPIRED, whether or not the job ran. */
export function statusAt(quote: Pick<QuoteRow, 'status' | 'closesAt'>, now: Date): QuoteRow['status'] {
  return quote.status === 'OPEN' && !isOpen(quote, now) ? 'EXPIRED' : quote.status;
}

/** The caller's quote (of a company it is an active member of), or 404 error.quote.notFound. */
export async function findCallerQuote(
  db: Executor,
  caller: AuthenticatedUser,
  id: number,
): Promise<QuoteRow> {
  const companyIds = await listCallerCompanyIds(db, caller.id);
  const [quote] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, id), eq(quotes.organizationId, caller.organizationId)));
  if (!quote || !companyIds.has(quote.companyId)) throw quoteNotFound();
  return quote;
}

/** The funders' current bids on these quotes, with their funder's name: best first (highest total, then earlier). */
export async function currentBids(db: Executor, quoteIds: readonly number[]) {
  if (quoteIds.length === 0) return [];
  const rows = await db
    .select({
      id: quoteBids.id,
      quoteId: quoteBids.quoteId,
      funderId: quoteBids.funderId,
      funderName: funders.name,
      monthlyRate: quoteBids.monthlyRate,
      totalCents: quoteBids.totalCents,
      effectiveMonthlyCost: quoteBids.effectiveMonthlyCost,
      createdAt: quoteBids.createdAt,
    })
    .from(quoteBids)
    .innerJoin(funders, eq(funders.id, quoteBids.funderId))
    .where(and(inArray(quoteBids.quoteId, [...quoteIds]), isNull(quoteBids.replacedAt)));
  return rows.sort(
    (a, b) =>
      (a.totalCents === b.totalCents ? 0 : a.totalCents > b.totalCents ? -1 : 1) ||
      a.createdAt.getTime() - b.createdAt.getTime() ||
      a.id - b.id,
  );
}

/**
 * A quote the funder was asked about (its audience), of the caller's organization; undefined for any other, as
 * for none. With `lock`, its row is locked until the transaction ends (a bid and an acceptance queue).
 */
export async function findFunderQuote(
  db: Executor,
  funder: FunderCaller,
  id: number,
  lock = false,
): Promise<QuoteRow | undefined> {
  const query = db
    .select({ quote: quotes })
    .from(quotes)
    .innerJoin(
      quoteFunders,
      and(eq(quoteFunders.quoteId, quotes.id), eq(quoteFunders.funderId, funder.funderId)),
    )
    .where(and(eq(quotes.id, id), eq(quotes.organizationId, funder.organizationId)));
  const [row] = await (lock ? query.for('update', { of: quotes }) : query);
  return row?.quote;
}
