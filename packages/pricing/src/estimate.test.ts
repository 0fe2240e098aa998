import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { saneRates } from '../test/arbitraries';
import { addCalendarDays, fromDayNumber, toDayNumber } from './calendar/iso-date';
import { NegativeAnticipationError } from './errors';
import { type Estimate, type EstimateTotals, estimate } from './estimate';
import type { PricingRates } from './price-credit';

const rates = (overrides: Partial<PricingRates> = {}): PricingRates => ({
  monthlyRate: '0.015',
  discountMode: 'simple',
  platformFee: '0.005',
  iofDaily: '0',
  iofFixed: '0',
  bankFeeCents: 0n,
  ...overrides,
});

// Requested Monday 2026-03-02 with daysToPay 1: paid Tuesday 2026-03-03. The due dates below are business days
// 15, 38, 73 and 92 days later (Wed 18/03, Fri 10/04, Fri 15/05, Wed 03/06).
const request = { requestDate: '2026-03-02', daysToPay: 1 };

describe('estimate: the worked examples (docs/product pricing)', () => {
  it('three credits (12.000,00 at 15 d; 7.500,50 at 38 d; 30.250,25 at 92 d), i 1.5 %, f 0.5 %', () => {
    const result = estimate({
      ...request,
      program: rates(),
      credits: [
        { id: 'a', valueCents: 1_200_000n, dueDate: '2026-03-18' },
        { id: 'b', valueCents: 750_050n, dueDate: '2026-04-10' },
        { id: 'c', valueCents: 3_025_025n, dueDate: '2026-06-03' },
      ],
    });
    expect(result.date).toBe('2026-03-03');
    expect(result.creditEstimates.map((row) => row.days)).toEqual([15, 38, 92]);
    expect(result.totals).toMatchObject({
      value: 4_975_075n,
      investorDiscount: 162_402n,
      platformFee: 24_875n,
      anticipation: 4_787_798n,
    });
    // Σ(V·n) = 18.000.000 + 28.501.900 + 278.302.300 = 324.804.200 centavo-days over 4.975.075 centavos,
    // in lowest terms (gcd 175): 1.856.024 / 28.429 = 65.2863…
    expect(result.averageTimeframeRatio).toEqual({ numerator: 1_856_024n, denominator: 28_429n });
    expect(result.averageTimeframe).toBe(65.29);
    // (4.975.075 / 4.787.798)^(30 / 65.2863…) − 1 = 0.0177878551… (by hand, 50 digits)
    expect(result.effectiveMonthlyCostDecimal).toBe('0.017788');
    expect(result.effectiveMonthlyCost).toBeCloseTo(0.0177878552, 10);
  });

  it('V 25.432,17 at 73 d with every component, IOF and bank fee', () => {
    const program = rates({
      platformFee: '0.0035',
      iofDaily: '0.000082',
      iofFixed: '0.0038',
      bankFeeCents: 350n,
    });
    const result = estimate({
      ...request,
      program,
      credits: [{ id: 1, valueCents: 2_543_217n, dueDate: '2026-05-15' }],
    });
    expect(result.creditEstimates[0]).toMatchObject({
      id: 1,
      days: 73,
      investorDiscount: 92_827n,
      platformFee: 8_901n,
      discount: 101_728n,
      dailyIof: 14_668n,
      fixedIof: 9_311n,
      iof: 23_979n,
      bankFee: 350n,
      anticipation: 2_417_160n,
    });
    expect(result.totals).toEqual({
      value: 2_543_217n,
      investorDiscount: 92_827n,
      platformFee: 8_901n,
      discount: 101_728n,
      dailyIof: 14_668n,
      fixedIof: 9_311n,
      iof: 23_979n,
      fees: 350n,
      anticipation: 2_417_160n,
    });
    expect(result.averageTimeframe).toBe(73);
    expect(result.effectiveMonthlyCostDecimal).toBe('0.021111'); // (2.543.217 / 2.417.160)^(30/73) − 1
  });

  it('request Fri 2026-02-13, daysToPay 1: paid Wed 2026-02-18 (weekend and Carnival skipped)', () => {
    const result = estimate({ requestDate: '2026-02-13', daysToPay: 1, program: rates(), credits: [] });
    expect(result.date).toBe('2026-02-18');
  });

  it('request Wed 2026-06-03, daysToPay 1, due Sun 2026-07-05: paid Fri 2026-06-05 (Corpus Christi), n = 31', () => {
    const result = estimate({
      requestDate: '2026-06-03',
      daysToPay: 1,
      program: rates(),
      credits: [{ id: 7, valueCents: 1_000_000n, dueDate: '2026-07-05' }],
    });
    expect(result.date).toBe('2026-06-05');
    expect(result.creditEstimates[0]?.days).toBe(31);
  });
});

describe('estimate', () => {
  it('no credits: zero totals and no effective cost', () => {
    const result = estimate({ ...request, program: rates(), credits: [] });
    expect(result.totals.value).toBe(0n);
    expect(result.averageTimeframe).toBe(0);
    expect(result.effectiveMonthlyCost).toBeNull();
    expect(result.effectiveMonthlyCostDecimal).toBeNull();
  });

  it('an effective monthly cost beyond a double is not defined (null), not Infinity', () => {
    // R$ 2.350,00 due on the payment day with 0.01 % fixed IOF, and 1 centavo a day later: an average
    // timeframe of 0.37 seconds, so the cost compounds 7 million times a month.
    const result = estimate({
      requestDate: '2024-01-01',
      daysToPay: 2,
      program: rates({ monthlyRate: '0', platformFee: '0', iofFixed: '0.0001' }),
      calendar: { businessDaysOnly: false },
      credits: [
        { id: 1, valueCents: 1n, dueDate: '2024-01-04' },
        { id: 2, valueCents: 235_000n, dueDate: '2024-01-01' },
      ],
    });
    expect(result.totals).toMatchObject({ value: 235_001n, iof: 24n, anticipation: 234_977n });
    expect(result.effectiveMonthlyCost).toBeNull();
    expect(result.effectiveMonthlyCostDecimal).toBeNull();
  });

  it('names the credit whose costs exceed its value', () => {
    const run = () =>
      estimate({
        ...request,
        program: rates({ bankFeeCents: 350n }),
        credits: [
          { id: 'ok', valueCents: 1_000_000n, dueDate: '2026-04-10' },
          { id: 'tiny', valueCents: 100n, dueDate: '2026-04-10' },
        ],
      });
    expect(run).toThrow(NegativeAnticipationError);
    expect(run).toThrow(expect.objectContaining({ creditId: 'tiny', valueCents: 100n }));
  });

  it('an organization open every day is paid on the next calendar day', () => {
    const result = estimate({
      ...request,
      requestDate: '2026-02-14',
      program: rates(),
      credits: [],
      calendar: { businessDaysOnly: false },
    });
    expect(result.date).toBe('2026-02-15');
  });
});

const sumOf = (rows: Estimate<number>['creditEstimates'], key: keyof EstimateTotals | 'bankFee') =>
  rows.reduce(
    (sum, row) => sum + (key === 'fees' ? row.bankFee : row[key === 'value' ? 'value' : (key as 'iof')]),
    0n,
  );

describe('estimate properties', () => {
  const credit = fc.record({
    valueCents: fc.bigInt({ min: 1n, max: 10n ** 11n }),
    dueIn: fc.integer({ min: -10, max: 300 }),
  });

  it('totals equal the sums of the rounded rows; the average timeframe is exact', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: toDayNumber('2024-01-01'), max: toDayNumber('2030-12-31') }).map(fromDayNumber),
        fc.integer({ min: 0, max: 5 }),
        saneRates(),
        fc.array(credit, { maxLength: 8 }),
        (requestDate, daysToPay, program, drawn) => {
          const credits = drawn.map(({ valueCents, dueIn }, id) => ({
            id,
            valueCents,
            dueDate: addCalendarDays(requestDate, dueIn),
          }));
          let result: Estimate<number>;
          try {
            result = estimate({ requestDate, daysToPay, program, credits });
          } catch (error) {
            return error instanceof NegativeAnticipationError;
          }
          const rows = result.creditEstimates;
          const keys = [
            'value',
            'investorDiscount',
            'platformFee',
            'discount',
            'dailyIof',
            'fixedIof',
            'iof',
            'fees',
            'anticipation',
          ] as const;
          const { numerator, denominator } = result.averageTimeframeRatio;
          const valueTimesDays = rows.reduce((sum, row) => sum + row.value * BigInt(row.days), 0n);
          return (
            rows.length === credits.length &&
            keys.every((key) => result.totals[key] === sumOf(rows, key)) &&
            result.totals.anticipation >= 0n &&
            numerator * result.totals.value === valueTimesDays * denominator
          );
        },
      ),
      { numRuns: 10_000 },
    );
    // A check of the figures, not of speed: 10,000 cases take 3.5 s alone and timed out at vitest's default 5 s
    // beside the suite's other workers (2026-11-29).
  }, 30_000);
});
