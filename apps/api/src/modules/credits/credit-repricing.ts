import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { credits, programProviders } from '../../db/schema';
import { createCreditPricer, type ListedPrice, type ListPricing } from './credit-pricing';

// Two-int advisory locks (class, program provider) live apart from the one-bigint lock of the migrations.
export const REPRICE_LOCK_CLASS = 7_001_003;
// Rows per UPDATE: large enough to be set-based, small enough that one chunk's work on the event loop (its rows
// parsed and mapped, priced, and the UPDATE's arrays written out) never holds a page answered beside the pass
// for long: a chunk of 2,000 held one for 40–80 ms (docs/decisions/pricing-pass.md#pass-chunks).
const CHUNK_SIZE = 500;

type ProviderPricingState = { pricingFingerprint: string | null; unpricedCredits: number };

/**
 * True when the stored prices are not all those of this payment date and these rates: the last full pass
 * was for others (the fingerprint), or some AVAILABLE credits have no price yet (imported or released since;
 * the triggers' count, migration 0015). A credit back in the list loses its price on the way (a trigger), so
 * every stored price of an AVAILABLE credit is one of the fingerprint's payment date.
 */
export function isStale(provider: ProviderPricingState, pricing: ListPricing) {
  return provider.pricingFingerprint !== pricing.fingerprint || provider.unpricedCredits > 0;
}

/**
 * Reprices the program provider's AVAILABLE credits in one set-based pass, chunk by chunk in id order: each
 * chunk read (so the pass never holds 100,000 rows, nor maps them in one go on the event loop that answers
 * pages), priced in JS by the estimate's engine and written back with one UPDATE … FROM unnest(…). After a
 * change of payment date or rates every credit is repriced; otherwise only those with no price (imported, or
 * released since), which keeps a release of a few credits a few-row pass. Answers how many it repriced.
 *
 * It runs beside the pages and requests it serves, so it keeps out of their way: each chunk is its own short
 * transaction (a batch claim of credits the pass is writing waits for one chunk, not the whole pass), and
 * after each chunk the pass pauses as long as the chunk took, leaving at least half of the machine to
 * requests. The program provider's fingerprint is written last, so a pass cut short (a crash, a restart) is
 * simply run again in full. The advisory lock, held by one session for the whole pass, makes concurrent
 * passes (other requests, other API processes) wait for it; one that waited finds the prices current.
 */
export async function repriceCredits(db: Database, programProviderId: number, pricing: ListPricing) {
  return withRepriceLock(db, programProviderId, async () => {
    const [provider] = await db
      .select({
        pricingFingerprint: programProviders.pricingFingerprint,
        unpricedCredits: programProviders.unpricedCredits,
      })
      .from(programProviders)
      .where(eq(programProviders.id, programProviderId));
    if (!provider || !isStale(provider, pricing)) return 0;
    const everything = provider.pricingFingerprint !== pricing.fingerprint;
    const price = createCreditPricer(pricing);
    let repriced = 0;
    let after = 0;
    for (;;) {
      const started = performance.now();
      const chunk = await db
        .select({ id: credits.id, valueCents: credits.originalValueCents, expireDate: credits.expireDate })
        .from(credits)
        .where(
          and(
            eq(credits.programProviderId, programProviderId),
            eq(credits.status, 'AVAILABLE'),
            everything ? undefined : isNull(credits.pricedFor),
            gt(credits.id, after),
          ),
        )
        .orderBy(asc(credits.id))
        .limit(CHUNK_SIZE);
      const prices = chunk.map((row) => ({ id: row.id, ...price(row.valueCents, row.expireDate) }));
      if (prices.length > 0) await db.transaction((tx) => writePrices(tx, pricing.paymentDate, prices));
      repriced += chunk.length;
      if (chunk.length < CHUNK_SIZE) break;
      after = chunk[chunk.length - 1]!.id;
      await sleep(performance.now() - started);
    }
    if (everything) {
      await db
        .update(programProviders)
        .set({ pricingFingerprint: pricing.fingerprint })
        .where(eq(programProviders.id, programProviderId));
    }
    return repriced;
  });
}

/**
 * `work` under the program provider's reprice lock, held by one pooled session from start to end (a session
 * lock: the pass's own statements run in transactions of their own). A session that dies takes its lock.
 */
async function withRepriceLock<T>(db: Database, programProviderId: number, work: () => Promise<T>) {
  const session = await db.$client.connect();
  const lock = [REPRICE_LOCK_CLASS, programProviderId];
  let unlocked = false;
  // The pool listens for errors of idle clients only: a session ended by PostgreSQL while the pass holds it (a
  // restart, a terminated backend) would otherwise be an uncaught error. Its lock ends with it; the unlock below
  // then fails and the client is dropped.
  const onSessionError = () => {};
  session.on('error', onSessionError);
  try {
    // Waiting for another pass is waiting for its end, however long it takes: the pool's statement timeout
    // (30 s) would cut the wait short and lose this pass (a pass started by new offers while the start-up pass
    // ran failed so, logged once by every page that asked for it). Every statement after the wait has its limit.
    await session.query('set statement_timeout = 0');
    await session.query('select pg_advisory_lock($1, $2)', lock);
    await session.query('reset statement_timeout');
    try {
      return await work();
    } finally {
      await session.query('select pg_advisory_unlock($1, $2)', lock);
      unlocked = true;
    }
  } finally {
    session.off('error', onSessionError);
    // A session that may still hold the lock (its unlock failed) must be dropped by the pool, not reused.
    session.release(unlocked ? undefined : new Error('reprice lock not released'));
  }
}

/**
 * Rows are locked in id order, as the batch claim locks them, so a claim and a pass over the same credits
 * queue behind each other instead of deadlocking. A credit claimed since the pass read it is left alone.
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
    where credits.id = priced.id and credits.status = 'AVAILABLE'
      and credits.id in (select id from credits where id = any(${sql.param(ids)}::int[]) order by id for update)`);
}
