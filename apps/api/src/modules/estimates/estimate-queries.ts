import type { Estimate, OfferChoice } from '@portal/contract';
import type { Executor } from '../../db/client';
import { findCallerProgramProvider } from '../access/caller-access';
import type { AuthenticatedUser } from '../auth/tokens';
import { checkCanAnticipate } from '../companies/anticipation-rules';
import { offerCandidates } from '../offers/offer-pricing';
import { pricingContextOf } from '../pricing/pricing-context';
import { buildEstimate, programFinancialOf } from './build-estimate';
import { listEligibleCredits, resolveCallerCredits } from './caller-credits';

/** `PUT estimates/request`: the chosen credits, checked as one set of one participation. */
export async function estimateCredits(
  db: Executor,
  caller: AuthenticatedUser,
  ids: readonly number[],
  now: Date,
  named?: OfferChoice,
): Promise<Estimate> {
  const selection = await resolveCallerCredits(db, caller.id, ids);
  // The participation is checked through the caller's memberships; that read brings the rates too.
  const found = await findCallerProgramProvider(db, caller, selection.programProviderId);
  checkCanAnticipate(found.company);
  const context = pricingContextOf(found, now);
  const candidates = await offerCandidates(db, context, now);
  return buildEstimate(context, selection.credits, programFinancialOf(found.program, found.programProvider), {
    candidates,
    named,
  });
}

/** `PUT estimates/programProvider/{id}/request`: every credit of the participation that can be advanced now. */
export async function estimateProgramProvider(
  db: Executor,
  caller: AuthenticatedUser,
  programProviderId: number,
  now: Date,
  named?: OfferChoice,
): Promise<Estimate> {
  const found = await findCallerProgramProvider(db, caller, programProviderId);
  checkCanAnticipate(found.company);
  const context = pricingContextOf(found, now);
  const [credits, candidates] = await Promise.all([
    listEligibleCredits(db, found.programProvider.id, context.eligibleFrom),
    offerCandidates(db, context, now),
  ]);
  return buildEstimate(context, credits, programFinancialOf(found.program, found.programProvider), {
    candidates,
    named,
  });
}
