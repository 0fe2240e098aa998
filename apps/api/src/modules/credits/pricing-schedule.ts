import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizations, programProviders, programs } from '../../db/schema';
import type { Background } from '../../lib/background';
import { listOffersOf } from '../offers/offer-pricing';
import { iofHistory, pricingContextOf, pricingOrganizationColumns } from '../pricing/pricing-context';
import { listPricingOf } from './credit-pricing';
import { isStale } from './credit-repricing';
import { repriceOnce } from './pricing-pass';

/*
 * The stored prices of AVAILABLE credits (what the list orders by creditEstimate.total) follow the payment
 * date, which moves when a day's window closes and at midnight, and the rates, which an import may move.
 * Keeping them current is background work: a job of the queue runs every stale pass when a process starts and
 * then once a minute (jobs/scheduled-work.ts; one query for the whole database), so no request waits for a
 * pass. A list that meets stale prices in between starts the same pass itself (credit-list.ts). The pass's
 * advisory lock keeps that one and the job's from working on the same participation at once.
 */

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** Reprices, one after the other, every program provider whose stored prices are stale at `now`. */
export async function repriceStaleProviders(
  db: Database,
  deps: { now: Date; background: Background; log: Log },
): Promise<{ providers: number; credits: number }> {
  const candidates = await db
    .select({
      id: programProviders.id,
      pricingFingerprint: programProviders.pricingFingerprint,
      unpricedCredits: programProviders.unpricedCredits,
      program: programs,
      organization: pricingOrganizationColumns,
      iofHistory,
    })
    .from(programProviders)
    .innerJoin(programs, sql`${programs.id} = ${programProviders.programId}`)
    .innerJoin(organizations, sql`${organizations.id} = ${programs.organizationId}`)
    .where(sql`${programProviders.availableCredits} > 0 and ${programProviders.status} <> 'REMOVED'`)
    .orderBy(programProviders.id);
  let providers = 0;
  let credits = 0;
  for (const candidate of candidates) {
    const offers = await listOffersOf(db, candidate.program.id, deps.now);
    const pricing = listPricingOf(pricingContextOf(candidate, deps.now), offers);
    if (!isStale(candidate, pricing)) continue;
    const started = performance.now();
    const repriced = await repriceOnce(db, candidate.id, pricing, deps.background);
    providers += 1;
    credits += repriced;
    deps.log.info(
      {
        programProviderId: candidate.id,
        credits: repriced,
        paymentDate: pricing.paymentDate,
        ms: Math.round(performance.now() - started),
      },
      'pricing pass',
    );
  }
  return { providers, credits };
}
