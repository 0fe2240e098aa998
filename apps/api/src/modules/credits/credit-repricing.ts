import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { credits, programProviders } from '../../db/schema';
import { createCreditPricer, type ListPricing } from './credit-pricing';

// Two-int advisory locks (class, program provider) live apart from the one-bigint lock of the migrations.
const REPRICE_LOCK_CLASS = 7_001_003;
// Rows per UPDATE: large enough to be set-based, small enough to keep each statement's arrays modest.
const CHUNK_SIZE = 10_000;

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
 * Reprices every AVAILABLE credit of the program provider in one set-based pass: prices computed in JS by
 * the estimate's engine, written back with one UPDATE … FROM unnest(…) per chunk. The advisory lock makes
 * concurrent requests wait for one pass instead of each running their own; the one that waited finds the
 * prices current and does nothing. Answers how many credits this call repriced.
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

    const rows = await tx
      .select({ id: credits.id, valueCents: credits.originalValueCents, expireDate: credits.expireDate })
      .from(credits)
      .where(and(eq(credits.programProviderId, programProviderId), eq(credits.status, 'AVAILABLE')));
    const price = createCreditPricer(pricing);
    for (let start = 0; start < rows.length; start += CHUNK_SIZE) {
      const chunk = rows.slice(start, start + CHUNK_SIZE);
      const prices = chunk.map((row) => price(row.valueCents, row.expireDate));
      await tx.execute(sql`
        update credits set
          priced_for = ${pricing.paymentDate}::date,
          discounted_cents = priced.discounted,
          anticipation_cents = priced.anticipation
        from unnest(
          ${sql.param(chunk.map((row) => row.id))}::int[],
          ${sql.param(prices.map((p) => p.discountedCents.toString()))}::bigint[],
          ${sql.param(prices.map((p) => p.anticipationCents.toString()))}::bigint[]
        ) as priced(id, discounted, anticipation)
        where credits.id = priced.id`);
    }
    // Credits out of the list keep no price: one released later (a rejected batch) is then seen as unpriced.
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
    return rows.length;
  });
}
