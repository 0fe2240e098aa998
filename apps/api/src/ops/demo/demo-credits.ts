import type { ImportFileInput } from '@portal/contract';
import { addDays, centsToMoneyString, intBetween, type Random, weighted } from './demo-random';

type Credit = NonNullable<ImportFileInput['credits']>[number];
type ProgramProviderPlan = { ref: string; program: string; company: string; credits: number };

const MIN_CENTS = 350_00;
const MAX_CENTS = 180_000_00;
/** Due dates fall within six months after the reference date, issue dates within the two months before. */
const DUE_WINDOW_DAYS = 181;
const ISSUE_WINDOW_DAYS = 61;

/**
 * Invoices of each program provider, cut into instalments 30 days apart. Values are log-distributed with a
 * skew towards small invoices (median around R$ 4.000), as a supplier's receivables usually are.
 */
export function generateCredits(
  random: Random,
  plans: readonly ProgramProviderPlan[],
  options: { referenceDate: string; serviceProgram: string },
): Credit[] {
  const nextNf = new Map<string, number>();
  const credits: Credit[] = [];
  for (const plan of plans) {
    let left = plan.credits;
    while (left > 0) {
      const instalments = Math.min(
        left,
        weighted(random, [
          [1, 60],
          [2, 25],
          [3, 15],
        ] as const),
      );
      const nf =
        (nextNf.get(plan.company) ?? intBetween(random, 100_000, 600_000)) + intBetween(random, 1, 7);
      nextNf.set(plan.company, nf);
      const nfNumber = String(nf).padStart(6, '0');
      const nfSerial = weighted(random, [
        ['1', 70],
        ['2', 20],
        ['3', 10],
      ] as const);
      const orderDetail =
        random() < 0.45 ? null : `PC-2026-${String(intBetween(random, 1, 999_999)).padStart(6, '0')}`;
      const issueDate = addDays(options.referenceDate, -intBetween(random, 0, ISSUE_WINDOW_DAYS));
      const firstDue = intBetween(random, 1, DUE_WINDOW_DAYS - 30 * (instalments - 1));
      const cents = Math.round(
        Math.exp(Math.log(MIN_CENTS) + random() ** 1.3 * Math.log(MAX_CENTS / MIN_CENTS)),
      );
      const isService = plan.program === options.serviceProgram && random() < 0.45;
      for (let i = 1; i <= instalments; i++) {
        credits.push({
          ref: `${plan.company}-${nfNumber}-${nfSerial}-${i}`,
          programProvider: plan.ref,
          nfNumber,
          nfSerial,
          installmentNumber: i,
          orderDetail,
          issueDate,
          expireDate: addDays(options.referenceDate, firstDue + 30 * (i - 1)),
          originalValue: centsToMoneyString(Math.min(MAX_CENTS, Math.max(MIN_CENTS, cents))),
          kind: isService ? 'SERVICE' : 'GOODS',
          // UNAVAILABLE is a credit the buyer withdrew: about one in 25, so each of Alfa's programs shows some in
          // the invoices page's "not available" list (docs/product/pricing-and-eligibility.md#not-available).
          status: weighted(random, [
            ['AVAILABLE', 84],
            ['REQUESTED', 6],
            ['PAID', 6],
            ['UNAVAILABLE', 4],
          ] as const),
          ...(isService ? { invoiceUploaded: random() < 0.3 } : {}),
        });
      }
      left -= instalments;
    }
  }
  return credits;
}
