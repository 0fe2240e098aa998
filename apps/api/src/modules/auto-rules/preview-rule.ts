import type { AutoRulePreview } from '@portal/contract';
import type { Database } from '../../db/client';
import type { CallerProgramProvider } from '../access/caller-access';
import { estimateOfChosen, loadPricedCandidates } from '../estimates/priced-candidates';
import { listOffersOf, offerCandidates } from '../offers/offer-pricing';
import { pricingContextOf } from '../pricing/pricing-context';
import { type RuleFilters, selectRuleCredits } from './select-rule-credits';

/**
 * What a rule with these filters would request now (docs/product/automation.md#preview): the credits it would
 * choose and their estimate, priced as a request made now (after the day's window, the next opening day's), or
 * null when nothing passes. The same choice a run makes; the run's own checks (window, bank account) are not
 * applied, so a preview at night still shows what tomorrow's run would take.
 */
export async function previewRule(
  db: Database,
  access: CallerProgramProvider,
  filters: RuleFilters,
  now: Date,
): Promise<AutoRulePreview> {
  const context = pricingContextOf(access, now);
  const candidates = await loadPricedCandidates(db, {
    programProviderId: access.programProvider.id,
    pricingFingerprint: access.programProvider.pricingFingerprint,
    context,
    requireServiceInvoice: access.program.requireServiceInvoice,
    offers: await listOffersOf(db, access.program.id, now),
  });
  const chosen = selectRuleCredits(candidates, filters);
  if (chosen.length === 0) return { estimate: null };
  return {
    estimate: await estimateOfChosen(db, {
      context,
      access,
      ids: chosen.map((credit) => credit.id),
      candidates: await offerCandidates(db, context, now),
    }),
  };
}
