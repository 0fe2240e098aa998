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
        anticipationValue,
      });
    },
  );

  it('includes IOF and bank fee in the anticipation, so it is what the supplier would receive', () => {
    const example = simulationExample({
      ...program,
      monthlyRate: '0.015',
      platformFee: '0',
      iofFixed: '0.0038',
      bankFeeCents: 350n,
    });
    // fixed IOF = R((1.000.000 − 15.000) × 0.0038) = 3.743; 1.000.000 − 15.000 − 3.743 − 350
    expect(example.anticipationValue).toBe(980_907n);
  });
});
