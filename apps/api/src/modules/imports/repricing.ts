import { inArray } from 'drizzle-orm';
import { programProviders } from '../../db/schema';
import type { ImportContext } from './import-context';

/*
 * Credits carry a price cached for one payment date, and each program provider the fingerprint of the rates
 * and date its credits were priced with (modules/credits). An import that writes credits or moves rates
 * cannot price them itself (prices depend on the day of the request), so it marks them stale instead.
 */

/** Program providers whose credits the import wrote: their fingerprint no longer covers every credit. */
export async function markProvidersStale(ctx: ImportContext, programProviderIds: readonly number[]) {
  if (programProviderIds.length === 0) return;
  await ctx.tx
    .update(programProviders)
    .set({ pricingFingerprint: null })
    .where(inArray(programProviders.id, [...new Set(programProviderIds)]));
}

/**
 * Programs whose rates the import may have moved: their program providers are repriced in full by the next
 * pass. The old prices stay until then, so the list keeps a sensible order by total in the meantime (its
 * figures are always computed afresh).
 */
export async function markProgramsStale(ctx: ImportContext, programIds: readonly number[]) {
  if (programIds.length === 0) return;
  await ctx.tx
    .update(programProviders)
    .set({ pricingFingerprint: null })
    .where(inArray(programProviders.programId, [...programIds]));
}
