import { limits } from '@portal/contract';
import type { PricedCandidate } from '../estimates/priced-candidates';

/** A rule's filters in the units the choice works in; null does not filter. */
export type RuleFilters = {
  /** The credit's effective monthly cost, as a fraction (0.025 = 2.5 % a month). */
  maxMonthlyCost: number | null;
  minDays: number | null;
  maxDays: number | null;
  minCreditValueCents: bigint | null;
  /** The net the rule may request in one day. */
  maxTotalPerDayCents: bigint | null;
};

/**
 * The credits a rule takes (docs/product/automation.md#rules): those that pass every filter, cheapest first
 * (lowest effective monthly cost, then the soonest due, then id), each one taken while the day's net stays
 * within `maxTotalPerDay`. A credit that would pass the cap is skipped and the next cheaper-to-more-expensive
 * one still tried, so a large invoice does not stop smaller ones from filling the day.
 */
export function selectRuleCredits(
  candidates: readonly PricedCandidate[],
  filters: RuleFilters,
): PricedCandidate[] {
  const passing = candidates.filter((credit) => passesFilters(credit, filters));
  passing.sort(cheapestFirst);
  const chosen: PricedCandidate[] = [];
  let total = 0n;
  for (const credit of passing) {
    if (chosen.length === limits.creditIdsMax) break;
    if (filters.maxTotalPerDayCents !== null && total + credit.netCents > filters.maxTotalPerDayCents)
      continue;
    chosen.push(credit);
    total += credit.netCents;
  }
  return chosen;
}

function passesFilters(credit: PricedCandidate, filters: RuleFilters): boolean {
  if (filters.minDays !== null && credit.days < filters.minDays) return false;
  if (filters.maxDays !== null && credit.days > filters.maxDays) return false;
  if (filters.minCreditValueCents !== null && credit.valueCents < filters.minCreditValueCents) return false;
  if (filters.maxMonthlyCost !== null) {
    // A credit whose monthly cost is not defined cannot be shown to stay under the ceiling.
    if (credit.monthlyCost === null || credit.monthlyCost > filters.maxMonthlyCost) return false;
  }
  return true;
}

function cheapestFirst(a: PricedCandidate, b: PricedCandidate): number {
  const costA = a.monthlyCost ?? Number.POSITIVE_INFINITY;
  const costB = b.monthlyCost ?? Number.POSITIVE_INFINITY;
  if (costA !== costB) return costA < costB ? -1 : 1;
  if (a.expireDate !== b.expireDate) return a.expireDate < b.expireDate ? -1 : 1;
  return a.id - b.id;
}
