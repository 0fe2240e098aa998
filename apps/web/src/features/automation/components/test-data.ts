import type { AutoRule, AutoRuleRun, Estimate } from '@portal/contract';
import { sentRequests } from '../../../../test/msw';

/* The answers the automation components' tests give for the API: each one valid for the contract's schema. */

export function anEstimate(count: number): Estimate {
  const credits = Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    nfNumber: `10${index + 1}`,
    nfSerial: '1',
    installmentNumber: 1,
    expireDate: '2026-12-23',
    originalValue: 1500,
    discount: 35,
    investorDiscount: 30,
    platformFee: 5,
    dailyIof: 1.25,
    fixedIof: 0.5,
    bankFee: 2.5,
    anticipation: 1460.75,
    days: 30,
  }));
  return {
    date: '2026-11-24',
    total: 1460.75 * count,
    value: 1500 * count,
    discount: 35 * count,
    fees: 2.5 * count,
    iof: 1.75 * count,
    averageTimeframe: 30,
    effectiveMonthlyCost: 0.0268,
    daysToPay: 1,
    anticipationMaxTime: '23:59',
    creditEstimates: credits,
    offerId: 'house',
    funder: { id: null, name: 'Horizonte Energia S.A.', house: true },
    offers: [],
    programFinancial: { active: true, financialConfiguration: { sessionTerm: null } },
  };
}

export function aRule(overrides: Partial<AutoRule> = {}): AutoRule {
  return {
    id: 7,
    programProviderId: 3,
    time: '09:30',
    maxMonthlyCost: 2.5,
    minDays: 10,
    maxDays: 60,
    minCreditValue: null,
    maxTotalPerDay: 5000,
    active: true,
    createdAt: '2026-11-23T13:00:00.000Z',
    updatedAt: '2026-11-23T13:00:00.000Z',
    ...overrides,
  };
}

export const runs: AutoRuleRun[] = [
  { date: '2026-11-23', status: 'TAKEN', batchId: 42, reason: null, at: '2026-11-23T12:30:00.000Z' },
  {
    date: '2026-11-20',
    status: 'FAILED',
    batchId: null,
    reason: 'error.bankAccount.empty',
    at: '2026-11-20T12:30:00.000Z',
  },
  {
    date: '2026-11-19',
    status: 'NOTHING',
    batchId: null,
    reason: 'error.autoRule.nothingToTake',
    at: '2026-11-19T12:30:00.000Z',
  },
  {
    date: '2026-11-18',
    status: 'MISSED',
    batchId: null,
    reason: 'error.autoRule.missed',
    at: '2026-11-18T21:00:00.000Z',
  },
];

/** The calls the test made: method, path (with query) and parsed body. */
export const sentCalls = () => sentRequests().map(({ method, path, body }) => ({ method, path, body }));
