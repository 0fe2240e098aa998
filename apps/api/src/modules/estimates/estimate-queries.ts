import type { Estimate } from '@portal/contract';
import type { Executor } from '../../db/client';
import { findCallerProgramProvider } from '../access/caller-access';
import type { AuthenticatedUser } from '../auth/tokens';
import { loadPricingContext } from '../pricing/pricing-context';
import { buildEstimate, programFinancialOf } from './build-estimate';
import { listAvailableCredits, resolveCallerCredits } from './caller-credits';

/** `PUT estimates/request`: the chosen credits, checked as one set of one participation. */
export async function estimateCredits(
  db: Executor,
  caller: AuthenticatedUser,
  ids: readonly number[],
  now: Date,
): Promise<Estimate> {
  const selection = await resolveCallerCredits(db, caller.id, ids);
  // The participation is checked through the caller's memberships; the rates load meanwhile.
  const [{ program, programProvider }, context] = await Promise.all([
    findCallerProgramProvider(db, caller, selection.programProviderId),
    loadPricingContext(db, selection.programId, now),
  ]);
  return buildEstimate(context, selection.credits, programFinancialOf(program, programProvider));
}

/** `PUT estimates/programProvider/{id}/request`: every AVAILABLE credit of the participation. */
export async function estimateProgramProvider(
  db: Executor,
  caller: AuthenticatedUser,
  programProviderId: number,
  now: Date,
): Promise<Estimate> {
  const { program, programProvider } = await findCallerProgramProvider(db, caller, programProviderId);
  const [context, credits] = await Promise.all([
    loadPricingContext(db, program.id, now),
    listAvailableCredits(db, programProvider.id),
  ]);
  return buildEstimate(context, credits, programFinancialOf(program, programProvider));
}
