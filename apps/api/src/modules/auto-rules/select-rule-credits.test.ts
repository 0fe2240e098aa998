import { describe, expect, it } from 'vitest';
import { monthlyCostOf, type PricedCandidate } from '../estimates/priced-candidates';
import { type RuleFilters, selectRuleCredits } from './select-rule-credits';

const none: RuleFilters = {
  maxMonthlyCost: null,
  minDays: null,
  maxDays: null,
  minCreditValueCents: null,
  maxTotalPerDayCents: null,
};

function credit(id: number, valueCents: number, costCents: number, days: number): PricedCandidate {
  const value = BigInt(valueCents);
  const net = value - BigInt(costCents);
  return {
    id,
    expireDate: `2027-01-${String(10 + (id % 20)).padStart(2, '0')}`,
    valueCents: value,
    netCents: net,
    costCents: BigInt(costCents),
    days,
    monthlyCost: monthlyCostOf(value, net, days),
  };
}

// 1: 1.5 %/month for 30 days; 2: 2 %/month; 3: 1 %/month over 60 days (cheapest); 4: 3 %/month over 10 days.
const credits = [
  credit(1, 100_000, 1_500, 30),
  credit(2, 50_000, 1_000, 30),
  credit(3, 200_000, 3_980, 60),
  credit(4, 20_000, 200, 10),
];

const ids = (chosen: PricedCandidate[]) => chosen.map((c) => c.id);

describe('selectRuleCredits', () => {
  it('takes every credit without filters, the cheapest monthly cost first', () => {
    expect(ids(selectRuleCredits(credits, none))).toEqual([3, 1, 2, 4]);
  });

  it('keeps the monthly cost ceiling, per credit', () => {
    expect(ids(selectRuleCredits(credits, { ...none, maxMonthlyCost: 0.0155 }))).toEqual([3, 1]);
  });

  it('keeps the days to maturity between the bounds, both inclusive', () => {
    expect(ids(selectRuleCredits(credits, { ...none, minDays: 30, maxDays: 30 }))).toEqual([1, 2]);
    expect(ids(selectRuleCredits(credits, { ...none, maxDays: 10 }))).toEqual([4]);
  });

  it('leaves out credits below the minimum value', () => {
    expect(ids(selectRuleCredits(credits, { ...none, minCreditValueCents: 100_000n }))).toEqual([3, 1]);
  });

  it('fills the daily cap with the cheapest credits, skipping one that would pass it', () => {
    // Nets: 3 → 196,020; 1 → 98,500; 2 → 49,000; 4 → 19,800. A cap of 250,000 takes 3, skips 1, takes 2.
    const chosen = selectRuleCredits(credits, { ...none, maxTotalPerDayCents: 250_000n });
    expect(ids(chosen)).toEqual([3, 2]);
    expect(chosen.reduce((sum, c) => sum + c.netCents, 0n)).toBe(245_020n);
  });

  it('takes nothing when the cap is below every credit', () => {
    expect(selectRuleCredits(credits, { ...none, maxTotalPerDayCents: 100n })).toEqual([]);
  });

  it('never lets a credit without a defined monthly cost pass a cost ceiling', () => {
    const dueToday = credit(9, 10_000, 0, 0);
    expect(ids(selectRuleCredits([dueToday], { ...none, maxMonthlyCost: 0.5 }))).toEqual([]);
    expect(ids(selectRuleCredits([dueToday], none))).toEqual([9]);
  });
});
