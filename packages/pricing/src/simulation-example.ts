import { Decimal } from 'decimal.js';
import { type PricingRates, priceCreditDays } from './price-credit';

export type SimulationExample = {
  /** Percent number: 1.5 means 1.5 % a month. */
  investorRemuneration: number;
  /** Percent number: 0.5 means 0.5 % per transaction. */
  platformRemuneration: number;
  originalValue: bigint;
  investorDiscount: bigint;
  platformDiscount: bigint;
  dailyIof: bigint;
  fixedIof: bigint;
  bankFee: bigint;
  /** originalValue minus every part above, to the centavo. */
  anticipationValue: bigint;
};

const EXAMPLE_VALUE_CENTS = 1_000_000n;
const EXAMPLE_DAYS = 30;

/**
 * The fee-example dialog (docs/product/pricing-and-eligibility.md#fee-example): R$ 10.000,00 anticipated 30
 * days before it is due, priced by the same engine as an estimate. The term is exactly 30 days rather than
 * "today + 30" so the example shows the rates themselves (1.5 % a month → R$ 150,00) instead of changing with
 * weekends and holidays. Every part of the difference is its own field (IOF and the bank fee too), so the lines
 * of the example always add up to what the supplier receives.
 */
export function simulationExample(program: PricingRates): SimulationExample {
  const price = priceCreditDays({ ...program, valueCents: EXAMPLE_VALUE_CENTS, days: EXAMPLE_DAYS });
  return {
    investorRemuneration: toPercent(program.monthlyRate),
    platformRemuneration: toPercent(program.platformFee),
    originalValue: EXAMPLE_VALUE_CENTS,
    investorDiscount: price.investorDiscount,
    platformDiscount: price.platformFee,
    dailyIof: price.dailyIof,
    fixedIof: price.fixedIof,
    bankFee: price.bankFee,
    anticipationValue: price.anticipation,
  };
}

/** A display number; the shift by two decimal places is exact in decimal, then converted once. */
function toPercent(rate: string): number {
  return new Decimal(rate).times(100).toNumber();
}
