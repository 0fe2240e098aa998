import type { CreditEstimate, Estimate } from '@portal/contract';
import { reaisToCents } from '../../lib/money';

export type CostBreakdown = {
  value: number;
  investorDiscount: number;
  platformFee: number;
  dailyIof: number;
  fixedIof: number;
  bankFee: number;
  net: number;
};

/**
 * Every cost line of the estimate in centavos, each its own line even when zero (DESIGN). The estimate's
 * totals carry discount and IOF as sums; their parts are the sums of the rows, as the server adds them.
 */
export function costBreakdown(estimate: Estimate): CostBreakdown {
  const sum = (pick: (row: CreditEstimate) => number) =>
    estimate.creditEstimates.reduce((total, row) => total + reaisToCents(pick(row)), 0);
  return {
    value: reaisToCents(estimate.value),
    investorDiscount: sum((row) => row.investorDiscount),
    platformFee: sum((row) => row.platformFee),
    dailyIof: sum((row) => row.dailyIof),
    fixedIof: sum((row) => row.fixedIof),
    bankFee: reaisToCents(estimate.fees),
    net: reaisToCents(estimate.total),
  };
}
