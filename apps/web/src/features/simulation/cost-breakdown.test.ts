import type { Estimate } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { costBreakdown } from './cost-breakdown';

const row = {
  nfSerial: '1',
  installmentNumber: 1,
  expireDate: '2027-02-04',
  days: 73,
};

// The third worked example (docs/product/pricing-and-eligibility.md#worked-examples), plus a second credit
// without IOF or bank fee.
const estimate: Estimate = {
  date: '2026-11-24',
  total: 24171.6 + 9850,
  value: 25432.17 + 10000,
  discount: 928.27 + 89.01 + 150,
  fees: 3.5,
  iof: 146.68 + 93.11,
  averageTimeframe: 60,
  effectiveMonthlyCost: 0.02,
  daysToPay: 1,
  anticipationMaxTime: '18:00',
  creditEstimates: [
    {
      ...row,
      id: 1,
      nfNumber: '10',
      originalValue: 25432.17,
      discount: 1017.28,
      investorDiscount: 928.27,
      platformFee: 89.01,
      dailyIof: 146.68,
      fixedIof: 93.11,
      bankFee: 3.5,
      anticipation: 24171.6,
    },
    {
      ...row,
      id: 2,
      nfNumber: '11',
      originalValue: 10000,
      discount: 150,
      investorDiscount: 150,
      platformFee: 0,
      dailyIof: 0,
      fixedIof: 0,
      bankFee: 0,
      anticipation: 9850,
    },
  ],
  offerId: 'house',
  funder: { id: null, name: 'Horizonte Energia S.A.', house: true },
  offers: [],
  programFinancial: { active: true, financialConfiguration: { sessionTerm: null } },
};

describe('the cost lines of an estimate', () => {
  it('splits discount and IOF into their parts, in centavos, and they add up to the net amount', () => {
    const lines = costBreakdown(estimate);
    expect(lines).toEqual({
      value: 3_543_217,
      investorDiscount: 107_827,
      platformFee: 8_901,
      dailyIof: 14_668,
      fixedIof: 9_311,
      bankFee: 350,
      net: 3_402_160,
    });
    const costs =
      lines.investorDiscount + lines.platformFee + lines.dailyIof + lines.fixedIof + lines.bankFee;
    expect(lines.value - costs).toBe(lines.net);
  });
});
