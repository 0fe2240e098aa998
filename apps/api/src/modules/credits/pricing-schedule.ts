import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizations, programProviders, programs } from '../../db/schema';
import type { Background } from '../../lib/background';
import type { Clock } from '../../lib/clock';
import { iofHistory, pricingContextOf, pricingOrganizationColumns } from '../pricing/pricing-context';
import { listPricingOf } from './credit-pricing';
import { isStale } from './credit-repricing';
import { repriceOnce } from './pricing-pass';

/*
 * The stored prices of AVAILABLE credits (what the list orders by creditEstimate.total) follow the payment
 * date, which moves when a day's window closes and at midnight, and the rates, which an import may move.
 * Keeping them current is background work: the server runs every stale pass at start-up, then looks once a
 * minute (one query for the whole database), so no request waits for a pass. A list that meets stale prices
 * in between starts the same pass itself (credit-list.ts). Several API processes may all look: the pass's
 * advisory lock lets one work and the others find nothing to do.
 */

const CHECK_EVERY_MS = 60_000;

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
      availableCredits: programProviders.availableCredits,
      program: programs,
      organization: pricingOrganizationColumns,
      iofHistory,
      // The two ends of the priced_for range (credit-repricing.ts readPricedRange), for every candidate.
      oldest: sql<string | null>`(select c.priced_for::text from credits c
        where c.program_provider_id = ${programProviders.id} and c.status = 'AVAILABLE'
        order by c.priced_for asc limit 1)`,
      newest: sql<string | null>`(select c.priced_for::text from credits c
        where c.program_provider_id = ${programProviders.id} and c.status = 'AVAILABLE'
        order by c.priced_for desc limit 1)`,
    })
    .from(programProviders)
    .innerJoin(programs, sql`${programs.id} = ${programProviders.programId}`)
    .innerJoin(organizations, sql`${organizations.id} = ${programs.organizationId}`)
    .where(sql`${programProviders.availableCredits} > 0 and ${programProviders.status} <> 'REMOVED'`)
    .orderBy(programProviders.id);
  let providers = 0;
  let credits = 0;
  for (const candidate of candidates) {
    const pricing = listPricingOf(pricingContextOf(candidate, deps.now));
    if (!isStale(candidate, { oldest: candidate.oldest, newest: candidate.newest }, pricing)) continue;
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

/**
 * Runs repriceStaleProviders now and then every minute until stop(), one run at a time; stop() waits for
 * the run in progress. A failed run is logged and the next minute tries again.
 */
export function startPricingSchedule(db: Database, deps: { clock: Clock; background: Background; log: Log }) {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = () => {
    current = repriceStaleProviders(db, { ...deps, now: deps.clock.now() })
      .catch((err) => deps.log.error({ err }, 'pricing pass failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(run, CHECK_EVERY_MS);
      });
  };
  run();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
