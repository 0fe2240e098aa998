import { and, asc, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { credits, programProviders } from '../../db/schema';
import { createCreditPricer, type ListedPrice, type ListPricing } from './credit-pricing';

// Two-int advisory locks (class, program provider) live apart from the one-bigint lock of the migrations.
const REPRICE_LOCK_CLASS = 7_001_003;
// Rows per UPDATE: large enough to be set-based, small enough that pricing one chunk in JS (about 4 ms per
// 1,000 credits) never holds the event loop long while pages are being answered beside the pass.
const CHUNK_SIZE = 2_000;

/** The ends of the priced_for range of a program provider's AVAILABLE credits. */
export type PricedRange = {
  /** min(priced_for): null only when none is priced. */
  oldest: string | null;
  /** The first in descending order, where nulls come first: null as soon as one credit is unpriced. */
  newest: string | null;
};

/** Two probes at both ends of the partial index (program_provider_id, priced_for): no scan. */
export async function readPricedRange(db: Executor, programProviderId: number): Promise<PricedRange> {
  const available = sql`c.program_provider_id = ${programProviderId} and c.status = 'AVAILABLE'`;
  const result = await db.execute<PricedRange>(sql`
    select
      (select c.priced_for::text from credits c where ${available} order by c.priced_for asc limit 1) as "oldest",
      (select c.priced_for::text from credits c where ${available} order by c.priced_for desc limit 1) as "newest"`);
  return result.rows[0]!;
}

type ProviderPricingState = { pricingFingerprint: string | null; availableCredits: number };

/** True when the stored prices are not all those of this payment date and these rates. */
export function isStale(provider: ProviderPricingState, range: PricedRange, pricing: ListPricing) {
  if (provider.pricingFingerprint !== pricing.fingerprint) return true;
  if (provider.availableCredits === 0) return false;
  return range.oldest !== pricing.paymentDate || range.newest !== pricing.paymentDate;
}

/**
 * Reprices the program provider's AVAILABLE credits in one set-based pass: prices computed in JS by the
 * estimate's engine, written back with one UPDATE … FROM unnest(…) per chunk. After a change of payment date
 * or rates every credit is repriced; otherwise only those not priced for the payment date (imported,
 * released), which keeps a release of a few credits a few-row pass. The advisory lock makes concurrent
 * requests wait for one pass instead of each running their own; one that waited finds the prices current and
 * does nothing. Answers how many credits this call repriced.
 */
export async function repriceCredits(db: Database, programProviderId: number, pricing: ListPricing) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REPRICE_LOCK_CLASS}, ${programProviderId})`);
    const [provider] = await tx
      .select({
        pricingFingerprint: programProviders.pricingFingerprint,
        availableCredits: programProviders.availableCredits,
      })
      .from(programProviders)
      .where(eq(programProviders.id, programProviderId));
    if (!provider || !isStale(provider, await readPricedRange(tx, programProviderId), pricing)) return 0;
    const everything = provider.pricingFingerprint !== pricing.fingerprint;
    const rows = await tx
      .select({ id: credits.id, valueCents: credits.originalValueCents, expireDate: credits.expireDate })
      .from(credits)
      .where(
        and(
          eq(credits.programProviderId, programProviderId),
          eq(credits.status, 'AVAILABLE'),
          everything ? undefined : or(isNull(credits.pricedFor), ne(credits.pricedFor, pricing.paymentDate)),
        ),
      )
      .orderBy(asc(credits.id));
    const price = createCreditPricer(pricing);
    for (let start = 0; start < rows.length; start += CHUNK_SIZE) {
      const chunk = rows.slice(start, start + CHUNK_SIZE);
      await writePrices(
        tx,
        pricing.paymentDate,
        chunk.map((row) => ({ id: row.id, ...price(row.valueCents, row.expireDate) })),
      );
    }
    if (everything) {
      // Credits out of the list keep no price: one released later (a rejected batch) is then unpriced, even
      // on the day of a rate change.
      await tx
        .update(credits)
        .set({ pricedFor: null, discountedCents: null, anticipationCents: null })
        .where(
          and(
            eq(credits.programProviderId, programProviderId),
            ne(credits.status, 'AVAILABLE'),
            isNotNull(credits.pricedFor),
          ),
        );
      await tx
        .update(programProviders)
        .set({ pricingFingerprint: pricing.fingerprint })
        .where(eq(programProviders.id, programProviderId));
    }
    return rows.length;
  });
}

/**
 * Rows are locked in id order, as the batch claim locks them, so a claim and a pass over the same credits
 * queue behind each other instead of deadlocking.
 */
async function writePrices(tx: Executor, paymentDate: string, prices: ({ id: number } & ListedPrice)[]) {
  const ids = prices.map((p) => p.id);
  await tx.execute(sql`
    update credits set
      priced_for = ${paymentDate}::date,
      discounted_cents = priced.discounted,
      anticipation_cents = priced.anticipation
    from unnest(
      ${sql.param(ids)}::int[],
      ${sql.param(prices.map((p) => p.discountedCents.toString()))}::bigint[],
      ${sql.param(prices.map((p) => p.anticipationCents.toString()))}::bigint[]
    ) as priced(id, discounted, anticipation)
    where credits.id = priced.id
      and credits.id in (select id from credits where id = any(${sql.param(ids)}::int[]) order by id for update)`);
}
