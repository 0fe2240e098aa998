import { describe, expect, it } from 'vitest';
import { simulationExample } from './simulation-example';

const program = { discountMode: 'simple', iofDaily: '0', iofFixed: '0', bankFeeCents: 0n } as const;

describe('simulationExample (R$ 10.000,00 anticipated 30 days)', () => {
  it.each([
    // The first worked example (docs/product pricing): i 1.5 %, f 0 → discount 150,00, anticipation 9.850,00
    [{ monthlyRate: '0.015', platformFee: '0' }, 1.5, 0, 15_000n, 0n, 985_000n],
    [{ monthlyRate: '0.015', platformFee: '0.005' }, 1.5, 0.5, 15_000n, 5_000n, 980_000n],
    [{ monthlyRate: '0.0199', platformFee: '0.0035' }, 1.99, 0.35, 19_900n, 3_500n, 976_600n],
  ])(
    '%o',
    (rates, investorRemuneration, platformRemuneration, investorDiscount, platformDiscount, anticipationValue) => {
      expect(simulationExample({ ...program, ...rates })).toEqual({
        investorRemuneration,
        platformRemuneration,
        originalValue: 1_000_000n,
        investorDiscount,
        platformDiscount,
        dailyIof: 0n,
        fixedIof: 0n,
        bankFee: 0n,
        anticipationValue,
      });
    },
  );

  it('names IOF and the bank fee, so the parts add up to what the supplier would receive', () => {
    // The demo's Horizonte Fornecedores: 1.5 % a month, 0.35 % per transaction, IOF 0.0082 % a day + 0.38 %,
    // bank fee 3,50. IOF base 1.000.000 − 15.000 = 985.000: daily R(985.000 × 0.000082 × 30) = 2.423,1 → 2.423,
    // fixed R(985.000 × 0.0038) = 3.743.
    const example = simulationExample({
      discountMode: 'simple',
      monthlyRate: '0.015',
      platformFee: '0.0035',
      iofDaily: '0.000082',
      iofFixed: '0.0038',
      bankFeeCents: 350n,
    });
    expect(example).toEqual({
      investorRemuneration: 1.5,
      platformRemuneration: 0.35,
      originalValue: 1_000_000n,
      investorDiscount: 15_000n,
      platformDiscount: 3_500n,
      dailyIof: 2_423n,
      fixedIof: 3_743n,
      bankFee: 350n,
      anticipationValue: 974_984n,
    });
    const parts =
      example.investorDiscount +
      example.platformDiscount +
      example.dailyIof +
      example.fixedIof +
      example.bankFee;
    expect(example.originalValue - parts).toBe(example.anticipationValue);
  });
});
