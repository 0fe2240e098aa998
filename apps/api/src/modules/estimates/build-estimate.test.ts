import { centsToWire, type Estimate, estimateSchema, isWireMoney, wireToCents } from '@portal/contract';
import { addBusinessDays, addCalendarDays } from '@portal/pricing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { houseOffer } from '../offers/offer-pricing';
import type { PricingContext } from '../pricing/pricing-context';
import { buildEstimate } from './build-estimate';
import type { PricedCredit } from './caller-credits';

/*
 * The API's money path end to end, without the database: bigint centavos in (as the database gives them),
 * the pricing engine, and the wire estimate out (what the screen shows and what a batch freezes). The pricing
 * package proves the engine's arithmetic; this proves nothing is lost or re-rounded on the way to the wire.
 */

/** A decimal string k / 10^scale, built from integers as storage gives it (no float on the way). */
const rate = (max: number, scale: number) =>
  fc.integer({ min: 0, max }).map((k) => {
    const digits = String(k).padStart(scale + 1, '0');
    return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  });

const context: fc.Arbitrary<PricingContext> = fc
  .record({
    programId: fc.constant(1),
    rates: fc.record({
      monthlyRate: rate(100_000, 6), // up to 10 % a month
      discountMode: fc.constantFrom('simple' as const, 'compound' as const),
      platformFee: rate(50_000, 6), // up to 5 %
      iofDaily: rate(82, 6), // up to 0.0082 % a day
      iofFixed: rate(38, 4), // up to 0.38 %
      bankFeeCents: fc.bigInt({ min: 0n, max: 5_000n }),
    }),
    calendar: fc.record({ businessDaysOnly: fc.boolean() }),
    requestDate: fc
      .date({ min: new Date('2024-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
    time: fc.constant('10:00'),
    daysToPay: fc.integer({ min: 0, max: 5 }),
    anticipationMaxTime: fc.constant('18:00'),
    organization: fc.constant({
      id: 1,
      timezone: 'America/Sao_Paulo',
      calendarOpen: '08:00',
      businessDaysOnly: true,
    }),
  })
  // Every credit eligible: this proves the money path; eligibility has its own tests.
  .map((ctx) => ({
    ...ctx,
    today: ctx.requestDate,
    paymentDate: addBusinessDays(ctx.requestDate, ctx.daysToPay, ctx.calendar),
    eligibleFrom: '1900-01-01',
  }));

// Face values from 1 centavo to R$ 100 million, due from 10 days ago to 400 days ahead.
const credit = fc.record({
  valueCents: fc.bigInt({ min: 1n, max: 10n ** 10n }),
  dueIn: fc.integer({ min: -10, max: 400 }),
});

const MONEY_KEYS = ['total', 'value', 'discount', 'fees', 'iof'] as const;
const ROW_MONEY_KEYS = [
  'originalValue',
  'discount',
  'investorDiscount',
  'platformFee',
  'dailyIof',
  'fixedIof',
  'bankFee',
  'anticipation',
] as const;

const sumOf = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

/** Every reason the estimate's money is wrong, empty when it is right. */
function moneyProblems(estimate: Estimate): string[] {
  const problems: string[] = [];
  const rows = estimate.creditEstimates;
  const amounts = [
    ...MONEY_KEYS.map((key) => [key, estimate[key]] as const),
    ...rows.flatMap((row) => ROW_MONEY_KEYS.map((key) => [`${row.id}.${key}`, row[key]] as const)),
  ];
  for (const [name, amount] of amounts) {
    if (!isWireMoney(amount) || amount < 0) problems.push(`${name} = ${amount}`);
  }
  if (problems.length > 0) return problems;
  const cents = (key: (typeof ROW_MONEY_KEYS)[number]) => rows.map((row) => wireToCents(row[key]));
  const totals = {
    total: sumOf(cents('anticipation')),
    value: sumOf(cents('originalValue')),
    discount: sumOf(cents('discount')),
    fees: sumOf(cents('bankFee')),
    iof: sumOf([...cents('dailyIof'), ...cents('fixedIof')]),
  };
  for (const key of MONEY_KEYS) {
    // Exactly the double of the summed centavos: a float sum of the rows would differ in the last bits.
    if (estimate[key] !== centsToWire(totals[key]))
      problems.push(`${key} ${estimate[key]} ≠ Σ ${totals[key]}`);
  }
  for (const row of rows) {
    const c = Object.fromEntries(ROW_MONEY_KEYS.map((key) => [key, wireToCents(row[key])])) as Record<
      (typeof ROW_MONEY_KEYS)[number],
      bigint
    >;
    if (c.discount !== c.investorDiscount + c.platformFee) problems.push(`${row.id}: discount ≠ its parts`);
    if (c.originalValue !== c.discount + c.dailyIof + c.fixedIof + c.bankFee + c.anticipation) {
      problems.push(`${row.id}: value ≠ anticipation + costs`);
    }
  }
  return problems;
}

describe('the wire estimate (the money a supplier sees and a batch freezes)', () => {
  it('totals are exactly the sums of the rows, in whole centavos, nothing negative (10,000 cases)', () => {
    let priced = 0;
    let refused = 0;
    fc.assert(
      fc.property(context, fc.array(credit, { minLength: 1, maxLength: 40 }), (ctx, drawn) => {
        const credits: PricedCredit[] = drawn.map(({ valueCents, dueIn }, i) => ({
          id: i + 1,
          nfNumber: String(i + 1),
          nfSerial: '1',
          installmentNumber: 1,
          expireDate: addCalendarDays(ctx.requestDate, dueIn),
          originalValueCents: valueCents,
          kind: 'GOODS',
          invoiceUploaded: false,
        }));
        let estimate: Estimate;
        try {
          estimate = buildEstimate(
            ctx,
            credits,
            { active: true, financialConfiguration: { sessionTerm: null } },
            { candidates: [houseOffer('Buyer S.A.')] },
          );
        } catch (error) {
          // Costs above a credit's value (up to 10 % a month over 400 days): refused whole, never negative.
          refused++;
          return error instanceof AppError && error.code === 'error.credit.invalid';
        }
        priced++;
        return (
          estimate.creditEstimates.length === credits.length &&
          estimateSchema.safeParse(estimate).success &&
          moneyProblems(estimate).length === 0
        );
      }),
      { numRuns: 10_000 },
    );
    // Most cases must reach the wire, or the property would prove little.
    console.log(
      `wire estimate property: ${priced} estimates priced, ${refused} refused (costs above a value)`,
    );
    expect(priced).toBeGreaterThan(refused);
  });

  it('names what is wrong (the checker above is not blind)', () => {
    const row = {
      id: 1,
      nfNumber: '1',
      nfSerial: '1',
      installmentNumber: 1,
      expireDate: '2026-04-10',
      originalValue: 0.3,
      discount: 0.1,
      investorDiscount: 0.1,
      platformFee: 0,
      dailyIof: 0,
      fixedIof: 0,
      bankFee: 0,
      anticipation: 0.2,
      days: 30,
    };
    const good = {
      date: '2026-03-11',
      total: 0.4,
      value: 0.6,
      discount: 0.2,
      fees: 0,
      iof: 0,
      averageTimeframe: 30,
      effectiveMonthlyCost: null,
      daysToPay: 1,
      anticipationMaxTime: '18:00',
      creditEstimates: [row, { ...row, id: 2 }],
      offerId: 'house',
      funder: { id: null, name: 'Buyer S.A.', house: true },
      offers: [],
      programFinancial: { active: true, financialConfiguration: { sessionTerm: null } },
    } satisfies Estimate;
    expect(moneyProblems(good)).toEqual([]);
    // A float sum of the rows is caught: 0.1 + 0.2 + 0.3 is 0.6000000000000001, not the double of 0.60.
    expect(moneyProblems({ ...good, value: 0.1 + 0.2 + 0.3 })).toEqual(['value 0.6000000000000001 ≠ Σ 60']);
    expect(moneyProblems({ ...good, total: 0.41 })).toEqual(['total 0.41 ≠ Σ 40']);
    expect(moneyProblems({ ...good, fees: -0.01 })).toEqual(['fees = -0.01']);
    expect(moneyProblems({ ...good, discount: 0.205 })).toEqual(['discount = 0.205']);
    expect(moneyProblems({ ...good, creditEstimates: [{ ...row, anticipation: 0.19 }, row] })).toEqual([
      'total 0.4 ≠ Σ 39',
      '1: value ≠ anticipation + costs',
    ]);
  });
});
