import type { CreditEstimate } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { nextEstimateSort, sortEstimateRows } from './estimate-rows';

const row = (id: number, nfNumber: string, anticipation: number): CreditEstimate => ({
  id,
  nfNumber,
  nfSerial: '1',
  installmentNumber: 1,
  expireDate: '2027-01-01',
  originalValue: 100,
  discount: 0,
  investorDiscount: 0,
  platformFee: 0,
  dailyIof: 0,
  fixedIof: 0,
  bankFee: 0,
  anticipation,
  days: 30,
});

describe('sorting the estimate table', () => {
  const rows = [row(1, '10', 50), row(2, '9', 70), row(3, '100', 50)];

  it('cycles ascending, descending, none', () => {
    const asc = nextEstimateSort(null, 'anticipation');
    expect(asc).toEqual({ key: 'anticipation', direction: 'asc' });
    expect(nextEstimateSort(asc, 'anticipation')).toEqual({ key: 'anticipation', direction: 'desc' });
    expect(nextEstimateSort({ key: 'anticipation', direction: 'desc' }, 'anticipation')).toBeNull();
  });

  it('orders numbers as numbers, invoice numbers naturally, ties by id', () => {
    expect(sortEstimateRows(rows, { key: 'nfNumber', direction: 'asc' }).map((r) => r.id)).toEqual([2, 1, 3]);
    expect(sortEstimateRows(rows, { key: 'anticipation', direction: 'desc' }).map((r) => r.id)).toEqual([
      2, 1, 3,
    ]);
    expect(sortEstimateRows(rows, null)).toBe(rows);
  });
});
