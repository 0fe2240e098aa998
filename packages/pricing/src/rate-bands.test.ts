import { describe, expect, it } from 'vitest';
import { OutOfBandsError } from './errors';
import { estimate } from './estimate';
import { priceCreditDays } from './price-credit';

/* A funder's offer priced by its bands (docs/product/funders.md#offers). */

const program = {
  monthlyRate: '0.015',
  discountMode: 'simple' as const,
  platformFee: '0.005',
  iofDaily: '0.000082',
  iofFixed: '0.0038',
  bankFeeCents: 350n,
};
// Paid Tuesday 2026-03-03: due Wed 18/03 is 15 days later, Fri 15/05 73 days, Wed 03/06 92 days.
const request = { requestDate: '2026-03-02', daysToPay: 1, program };
const bands = [
  { upToDays: 30, monthlyRate: '0.011' },
  { upToDays: 90, monthlyRate: '0.0125' },
];

describe('estimate with an offer’s bands', () => {
  it('prices each credit at its band’s monthly rate, every other rate the program’s', () => {
    const result = estimate({
      ...request,
      bands,
      credits: [
        { id: 'short', valueCents: 1_000_000n, dueDate: '2026-03-18' },
        { id: 'long', valueCents: 2_000_000n, dueDate: '2026-05-15' },
      ],
    });
    const [short, long] = result.creditEstimates;
    expect(short).toEqual({
      id: 'short',
      dueDate: '2026-03-18',
      value: 1_000_000n,
      ...priceCreditDays({ ...program, monthlyRate: '0.011', valueCents: 1_000_000n, days: 15 }),
    });
    expect(long).toMatchObject(
      priceCreditDays({ ...program, monthlyRate: '0.0125', valueCents: 2_000_000n, days: 73 }),
    );
    // 1.1 % a month for 15 days on R$ 10.000,00: 10.000 × 0,011 × 15/30 = 55,00.
    expect(short!.investorDiscount).toBe(5_500n);
    expect(result.monthlyRates).toEqual(['0.011', '0.0125']);
  });

  it('a band ends on its day: 30 days is the first band, 31 the second', () => {
    const at = (dueDate: string) =>
      estimate({ ...request, bands, credits: [{ id: 1, valueCents: 100_000n, dueDate }] }).monthlyRates;
    expect(at('2026-04-02')).toEqual(['0.011']); // Thursday, 30 days
    expect(at('2026-04-03')).toEqual(['0.0125']); // Good Friday: settled Monday 06/04, 34 days
  });

  it('a credit past the last band: the offer cannot take the set', () => {
    expect(() =>
      estimate({
        ...request,
        bands,
        credits: [
          { id: 'short', valueCents: 1_000_000n, dueDate: '2026-03-18' },
          { id: 'far', valueCents: 1_000_000n, dueDate: '2026-06-03' },
        ],
      }),
    ).toThrow(new OutOfBandsError(92, 'far'));
  });

  it('without bands, the program’s own rate: the house offer', () => {
    const result = estimate({
      ...request,
      credits: [{ id: 1, valueCents: 1_000_000n, dueDate: '2026-03-18' }],
    });
    expect(result.monthlyRates).toEqual(['0.015']);
    expect(result.creditEstimates[0]!.investorDiscount).toBe(7_500n);
  });
});
