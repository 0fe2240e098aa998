import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rate, saneRates, valueCents } from '../test/arbitraries';
import { NegativeAnticipationError } from './errors';
import {
  type CreditPrice,
  type PriceCreditDaysInput,
  type PricingRates,
  priceCredit,
  priceCreditDays,
} from './price-credit';

const noFees: PricingRates = {
  monthlyRate: '0.015',
  discountMode: 'simple',
  platformFee: '0',
  iofDaily: '0',
  iofFixed: '0',
  bankFeeCents: 0n,
};

describe('priceCreditDays: the worked examples (docs/product pricing)', () => {
  it.each<{
    name: string;
    valueCents: bigint;
    days: number;
    rates: PricingRates;
    expected: Partial<CreditPrice>;
  }>([
    {
      name: 'V 10.000,00, n 30, i 1.5 % simple, f 0',
      valueCents: 1_000_000n,
      days: 30,
      rates: noFees,
      expected: { discount: 15_000n, anticipation: 985_000n },
    },
    {
      name: 'V 10.000,00, n 45, i 1.5 %, f 0.5 %',
      valueCents: 1_000_000n,
      days: 45,
      rates: { ...noFees, platformFee: '0.005' },
      expected: { investorDiscount: 22_500n, platformFee: 5_000n, anticipation: 972_500n },
    },
    {
      name: 'V 25.432,17, n 73, i 1.5 %, f 0.35 %, IOF 0.0082 %/day + 0.38 %, bank fee 3,50',
      valueCents: 2_543_217n,
      days: 73,
      rates: {
        ...noFees,
        platformFee: '0.0035',
        iofDaily: '0.000082',
        iofFixed: '0.0038',
        bankFeeCents: 350n,
      },
      expected: {
        investorDiscount: 92_827n,
        platformFee: 8_901n,
        dailyIof: 14_668n,
        fixedIof: 9_311n,
        bankFee: 350n,
        anticipation: 2_417_160n,
      },
    },
  ])('$name', ({ valueCents, days, rates, expected }) => {
    expect(priceCreditDays({ valueCents, days, ...rates })).toMatchObject(expected);
  });
});

describe('priceCreditDays', () => {
  it('compound mode: V 10.000,00, n 30, i 1.5 % → 10.000 × 0.015 / 1.015 = 147,78', () => {
    expect(
      priceCreditDays({ ...noFees, discountMode: 'compound', valueCents: 1_000_000n, days: 30 }),
    ).toMatchObject({
      investorDiscount: 14_778n,
      anticipation: 985_222n,
    });
  });

  it.each([365, 366, 400])('daily IOF stops at 365 days (n = %i)', (days) => {
    const rates = { ...noFees, monthlyRate: '0', iofDaily: '0.000082' };
    expect(priceCreditDays({ ...rates, valueCents: 1_000_000n, days }).dailyIof).toBe(29_930n);
  });

  it.each<[string, bigint, PricingRates, number, bigint]>([
    ['a bank fee above a tiny credit', 100n, { ...noFees, bankFeeCents: 350n }, 30, 352n], // 1,50 → 2 + 350
    ['10 % a month simple over 400 days', 1_000_000n, { ...noFees, monthlyRate: '0.1' }, 400, 1_333_333n],
  ])('refuses %s with NegativeAnticipationError', (_, valueCents, rates, days, costsCents) => {
    const price = () => priceCreditDays({ ...rates, valueCents, days });
    expect(price).toThrow(NegativeAnticipationError);
    expect(price).toThrow(expect.objectContaining({ valueCents, costsCents }));
  });

  it('anticipation exactly 0 is a price, not an error', () => {
    const rates = { ...noFees, monthlyRate: '0', bankFeeCents: 350n };
    expect(priceCreditDays({ ...rates, valueCents: 350n, days: 10 }).anticipation).toBe(0n);
  });

  it.each([
    ['a negative value', { valueCents: -1n }],
    ['negative days', { days: -1 }],
    ['fractional days', { days: 1.5 }],
    ['a negative bank fee', { bankFeeCents: -1n }],
    ['a float-looking rate', { monthlyRate: '1.5e-2' }],
    ['a negative rate', { platformFee: '-0.01' }],
    ['an unknown discount mode', { discountMode: 'Simple' as 'simple' }],
    ['a bad IOF rate even with no discount', { monthlyRate: '0', iofFixed: '0.38%' }],
  ])('refuses %s', (_, override) => {
    expect(() => priceCreditDays({ ...noFees, valueCents: 1_000n, days: 30, ...override })).toThrow(
      RangeError,
    );
  });
});

describe('priceCredit (dates)', () => {
  it.each([
    ['2026-06-05', '2026-07-05', 31], // worked example (docs/product pricing): due Sunday, counts to Monday
    ['2026-06-05', '2026-07-06', 31],
    ['2026-02-13', '2026-02-14', 5], // Saturday before Carnival → Wednesday 18/02
    ['2026-06-05', '2026-06-05', 0],
    ['2026-06-05', '2026-05-29', 0], // already due: no negative days
  ])('paid %s, due %s → n = %i', (paymentDate, dueDate, days) => {
    expect(priceCredit({ valueCents: 1_000_000n, paymentDate, dueDate, program: noFees }).days).toBe(days);
  });

  it('an organization open every day does not move the due date', () => {
    const price = priceCredit({
      valueCents: 1_000_000n,
      paymentDate: '2026-06-05',
      dueDate: '2026-07-05',
      program: noFees,
      calendar: { businessDaysOnly: false },
    });
    expect(price.days).toBe(30);
  });
});

// Oracle: decimal.js at 60 significant digits. Every product of these decimal strings is exact there (at most
// 13 + 7 + 3 digits); a division by 30 that does not terminate cannot be a tie, so ROUND_HALF_UP on it is the
// exact half-up rounding.
const Exact = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });
const halfUp = (value: Decimal) => BigInt(value.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0));
const days = fc.integer({ min: 0, max: 400 });
// Properties return booleans (fast-check prints the counterexample): an expect() per check would cost more
// than the pricing itself and push the suite past its time budget.
const isRefusal = (error: unknown, valueCents: bigint) =>
  error instanceof NegativeAnticipationError && error.costsCents > valueCents;

describe('priceCreditDays properties', () => {
  it('each component is the half-up rounding of its exact formula (rounded once)', () => {
    fc.assert(
      fc.property(valueCents, days, saneRates('simple'), (v, n, rates) => {
        let price: CreditPrice;
        try {
          price = priceCreditDays({ valueCents: v, days: n, ...rates });
        } catch (error) {
          return isRefusal(error, v);
        }
        const V = new Exact(v.toString());
        const base = V.minus(price.investorDiscount.toString());
        return (
          price.investorDiscount === halfUp(V.times(rates.monthlyRate).times(n).div(30)) &&
          price.platformFee === halfUp(V.times(rates.platformFee)) &&
          price.dailyIof === halfUp(base.times(rates.iofDaily).times(Math.min(n, 365))) &&
          price.fixedIof === halfUp(base.times(rates.iofFixed))
        );
      }),
      { numRuns: 10_000 },
    );
  });

  it('nothing is negative, the parts add up to the value, and a refusal means costs exceed the value', () => {
    fc.assert(
      fc.property(valueCents, days, saneRates(), (v, n, rates) => {
        let price: CreditPrice;
        try {
          price = priceCreditDays({ valueCents: v, days: n, ...rates });
        } catch (error) {
          return isRefusal(error, v);
        }
        const { investorDiscount, platformFee, dailyIof, fixedIof, bankFee, anticipation } = price;
        return (
          [investorDiscount, platformFee, dailyIof, fixedIof, bankFee, anticipation].every(
            (part) => part >= 0n,
          ) &&
          price.discount === investorDiscount + platformFee &&
          price.iof === dailyIof + fixedIof &&
          anticipation + investorDiscount + platformFee + dailyIof + fixedIof + bankFee === v
        );
      }),
      { numRuns: 10_000 },
    );
  });

  it('sane rates are never refused in compound mode, nor in simple mode up to 240 days', () => {
    // Compound: 1 − 1.1^(−400/30) ≈ 72 % at most. Simple: 10 % × 240/30 = 80 %. Plus 5 % platform fee, under
    // 3.4 % IOF, a bank fee under 10 % of the value: costs stay below the value with room for the roundings.
    fc.assert(
      fc.property(valueCents, saneRates(), days, (v, rates, n) => {
        const term = rates.discountMode === 'simple' ? Math.min(n, 240) : n;
        const bankFeeCents = rates.bankFeeCents % (v / 10n + 1n);
        return priceCreditDays({ ...rates, bankFeeCents, valueCents: v, days: term }).anticipation >= 0n;
      }),
      { numRuns: 10_000 },
    );
  });

  it('compound discount ≤ simple discount for every term (1 − (1+i)^−t is concave, below ln(1+i)·t < i·t)', () => {
    // A simple discount above the value is refused; the error still reports it (the only cost with noFees).
    const simpleDiscount = (input: PriceCreditDaysInput) => {
      try {
        return priceCreditDays(input).investorDiscount;
      } catch (error) {
        if (error instanceof NegativeAnticipationError) return error.costsCents;
        throw error;
      }
    };
    fc.assert(
      fc.property(valueCents, rate(100_000, 6), days, (v, monthlyRate, n) => {
        const simple = simpleDiscount({ ...noFees, monthlyRate, valueCents: v, days: n });
        const compound = priceCreditDays({
          ...noFees,
          monthlyRate,
          discountMode: 'compound',
          valueCents: v,
          days: n,
        });
        return compound.investorDiscount <= simple;
      }),
      { numRuns: 10_000 },
    );
  });
});
