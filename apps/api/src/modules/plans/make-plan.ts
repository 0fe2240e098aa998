import { centsToWire, limits, type Plan, type PlanBody, wireToCents } from '@portal/contract';
import { planCreditColumns } from '@portal/pricing';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { findCallerProgramProvider } from '../access/caller-access';
import type { AuthenticatedUser } from '../auth/tokens';
import {
  type CandidateColumns,
  estimateOfChosen,
  readCandidateColumns,
} from '../estimates/priced-candidates';
import { listOffersOf, offerCandidates } from '../offers/offer-pricing';
import { pricingContextOf } from '../pricing/pricing-context';

/**
 * The search's budget on a request: about 10 to 30 ms on 100,000 credits. Sets of up to 16 credits left free are
 * still searched whole (proven optimal); on large portfolios an unproven answer comes within a few centavos of
 * the certified bound (36 centavos on R$ 90,000 at most in docs/decisions/api-speed.md#planner-reader), which a larger budget
 * would buy with a slower answer.
 */
const PLAN_NODE_BUDGET = 30_000;

/**
 * The cash planner (docs/product/automation.md#planner): among the participation's eligible credits, those whose
 * net reaches the amount at the lowest total cost, for a request made now, whose payment date must be on or
 * before the date asked for. The choice is @portal/pricing's planCredits; the answer is the chosen credits'
 * estimate as the estimate call would give it.
 */
export async function makePlan(
  db: Database,
  caller: AuthenticatedUser,
  body: PlanBody,
  now: Date,
): Promise<Plan> {
  const access = await findCallerProgramProvider(db, caller, body.programProviderId);
  const context = pricingContextOf(access, now);
  // Money paid after the date asked for reaches nothing by then.
  if (context.paymentDate > body.date) throw notEnough(0n);
  const candidates = await readCandidateColumns(db, {
    programProviderId: access.programProvider.id,
    pricingFingerprint: access.programProvider.pricingFingerprint,
    context,
    requireServiceInvoice: access.program.requireServiceInvoice,
    offers: await listOffersOf(db, access.program.id, now),
  });
  const result = planCreditColumns(candidates, wireToCents(body.amount), { nodeBudget: PLAN_NODE_BUDGET });
  if (result.kind === 'notEnough') throw notEnough(result.reachableCents);
  // One request holds at most 5,000 credits: a plan needing more is out of reach of a request.
  if (result.ids.length > limits.creditIdsMax) throw notEnough(largestNets(candidates));
  const estimate = await estimateOfChosen(db, {
    context,
    access,
    ids: result.ids,
    candidates: await offerCandidates(db, context, now),
  });
  const { creditEstimates, ...totals } = estimate;
  return { creditIds: creditEstimates.map((credit) => credit.id), estimate: totals };
}

function notEnough(reachableCents: bigint) {
  // No field error: the amount is valid, the participation just holds less; the figure says how much.
  return new AppError('error.plan.notEnough', { params: { reachable: centsToWire(reachableCents) } });
}

/** The most one request can reach: its 5,000 largest nets. */
function largestNets(candidates: CandidateColumns): bigint {
  const nets = Float64Array.from(candidates.netCents).sort().reverse();
  let sum = 0n;
  for (const net of nets.subarray(0, limits.creditIdsMax)) sum += BigInt(net);
  return sum;
}
