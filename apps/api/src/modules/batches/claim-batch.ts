import type { Estimate, OfferChoice } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../../db/client';
import { type batches, credits } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { CallerProgramProvider } from '../access/caller-access';
import { buildEstimate, programFinancialOf } from '../estimates/build-estimate';
import { idArray, type PricedCredit, pricedCreditColumns, sortCredits } from '../estimates/caller-credits';
import { notifyBatchEvent } from '../inbox/notify';
import { lockFunderOffers, type OfferCandidate, offerCandidates } from '../offers/offer-pricing';
import type { PricingContext } from '../pricing/pricing-context';
import { recordBatchEvent } from '../webhooks/platform-events';
import { recordBatches, wholeBankAccount } from './record-batches';

export type ClaimInput = {
  userId: number;
  access: CallerProgramProvider;
  /** Rates, dates and terms at `now`, read just before the transaction for the checks. */
  context: PricingContext;
  ids: readonly number[];
  /** The offer the request names (docs/product/funders.md#pricing); none: the best that can take the set. */
  offerId?: OfferChoice;
  /**
   * A funder's bid on a quote (docs/product/auction.md#accept): the set is priced at it alone, and it takes no
   * standing capacity. The request records its funder and no offer.
   */
  bid?: OfferCandidate;
  idempotencyKey: string | undefined;
  requestHash: string;
  ip: string | null;
  now: Date;
  /**
   * Made by an automatic rule (docs/product/automation.md#runs): the batch is marked automatic, its first event
   * is by no one (the rule), and the company hears about it as the rule's run (`notice`) instead of as a
   * request made on the portal.
   */
  automatic?: { notice: (tx: Tx, batch: typeof batches.$inferSelect, count: number) => Promise<void> };
};

export type ClaimedBatch = { id: number; netValueCents: bigint; daysToPay: number; estimate: Estimate };

/**
 * The claim (docs/product/requests.md#claim): AVAILABLE → REQUESTED for every requested credit of the
 * caller's participation in one statement, or nothing. The subquery locks the rows in id order, so
 * overlapping requests ({A,B} and {B,A,C}) queue behind each other instead of deadlocking; a request that
 * waited re-reads the rows and no longer finds them AVAILABLE.
 */
async function claimCredits(
  tx: Executor,
  ids: readonly number[],
  programProviderId: number,
): Promise<PricedCredit[]> {
  const claimable = sql`(
    select ${credits.id} from ${credits}
    where ${credits.id} = any(${idArray(ids)}) and ${credits.status} = 'AVAILABLE'
      and ${credits.programProviderId} = ${programProviderId}
    order by ${credits.id} for update
  )`;
  return tx
    .update(credits)
    .set({ status: 'REQUESTED' })
    .where(
      and(
        sql`${credits.id} in ${claimable}`,
        eq(credits.status, 'AVAILABLE'),
        eq(credits.programProviderId, programProviderId),
      ),
    )
    .returning(pricedCreditColumns);
}

/**
 * One transaction: claim, price the claimed rows with the request's context (the estimate JSON exactly as
 * the estimate call answers it at that instant), record the batch, its credits, its first event and the audit
 * row (recordBatches), the notices to the company's users (inbox and e-mail outbox: the receipt) and the
 * platform's event. Any refusal rolls everything back.
 */
export async function claimBatch(db: Database, input: ClaimInput): Promise<ClaimedBatch> {
  return db.transaction((tx) => claimBatchIn(tx, input));
}

/** claimBatch inside a transaction the caller holds (an automatic run writes its run row in the same one). */
export async function claimBatchIn(tx: Tx, input: ClaimInput): Promise<ClaimedBatch> {
  const { program, programProvider, company } = input.access;
  const claimed = await claimCredits(tx, input.ids, programProvider.id);
  if (claimed.length !== input.ids.length) throw new AppError('error.credit.notfound');
  const rows = sortCredits(claimed);
  const pricing = input.bid
    ? { candidates: [input.bid], named: input.bid.offerId }
    : { candidates: await lockedCandidates(tx, input), named: input.offerId };
  const estimate = buildEstimate(input.context, rows, programFinancialOf(program, programProvider), pricing);
  const [batch] = await recordBatches(tx, [
    {
      batch: {
        organizationId: programProvider.organizationId,
        programProviderId: programProvider.id,
        companyId: company.id,
        // The account the refusals checked (checkBatchAllowed) is the one the request keeps
        // (docs/product/requests.md#bank-account).
        ...wholeBankAccount(company),
        funderId: estimate.funder.id,
        offerId: estimate.offerId === 'house' || input.bid ? null : estimate.offerId,
        userId: input.userId,
        status: 'REQUESTED',
        automatic: input.automatic !== undefined,
        idempotencyKey: input.idempotencyKey ?? null,
        requestHash: input.requestHash,
        estimate,
        createdAt: input.now,
        updatedAt: input.now,
      },
      live: true,
      events: [{ status: 'REQUESTED', byUserId: input.automatic ? null : input.userId, at: input.now }],
      audit: {
        userId: input.userId,
        action: 'REQUESTED',
        ip: input.ip,
        creditIds: rows.map((r) => r.id),
        at: input.now,
      },
    },
  ]);
  if (input.automatic) await input.automatic.notice(tx, batch!, rows.length);
  else await notifyBatchEvent(tx, batch!, 'REQUESTED', input.now, { count: rows.length });
  await recordBatchEvent(tx, { batchId: batch!.id, type: 'batch.requested', now: input.now });
  return { id: batch!.id, netValueCents: batch!.netValueCents, daysToPay: estimate.daysToPay, estimate };
}

/**
 * The program's offers, rooms included, read under its admission locks: a funder's capacity is taken by one claim
 * at a time, whatever the concurrency (docs/product/funders.md#capacity).
 */
async function lockedCandidates(tx: Tx, input: ClaimInput) {
  await lockFunderOffers(tx, input.context.programId);
  return offerCandidates(tx, input.context, input.now);
}
