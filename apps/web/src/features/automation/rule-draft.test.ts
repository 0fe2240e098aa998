// @vitest-environment node
import { type AutoRule, autoRuleBodySchema, planBodySchema } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  bodyOfDraft,
  draftOfRule,
  emptyPlanDraft,
  emptyRuleDraft,
  numberOf,
  planBodyOfDraft,
  type RuleDraft,
  settingsOfBody,
  settingsOfRule,
} from './rule-draft';

const rule: AutoRule = {
  id: 7,
  programProviderId: 3,
  time: '09:30',
  maxMonthlyCost: 2.5,
  minDays: 10,
  maxDays: null,
  minCreditValue: 1000,
  maxTotalPerDay: null,
  active: false,
  createdAt: '2026-11-23T13:00:00.000Z',
  updatedAt: '2026-11-23T13:00:00.000Z',
};

/** The message keys the contract's schema reports, by field: what the form shows on each field. */
function keysOf(draft: Partial<RuleDraft>) {
  const result = autoRuleBodySchema.safeParse(bodyOfDraft(3, { ...emptyRuleDraft, ...draft }));
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('a number field as the form holds it', () => {
  it('is null when empty, a number as typed with either decimal separator, NaN when not a number', () => {
    expect(numberOf('')).toBeNull();
    expect(numberOf('  ')).toBeNull();
    expect(numberOf(2.5)).toBe(2.5);
    expect(numberOf('2,5')).toBe(2.5);
    expect(numberOf('2.50')).toBe(2.5);
    expect(numberOf('2,')).toBe(2);
    expect(numberOf('abc')).toBeNaN();
    expect(numberOf('1.234,56')).toBeNaN();
  });
});

describe('draft and body', () => {
  it('a saved rule comes back as itself: no filter is an empty field, and an empty field no filter', () => {
    const draft = draftOfRule(rule);
    expect(draft).toEqual({
      time: '09:30',
      maxMonthlyCost: 2.5,
      minDays: 10,
      maxDays: '',
      minCreditValue: 1000,
      maxTotalPerDay: '',
      active: false,
    });
    const body = bodyOfDraft(3, draft);
    expect(body).toEqual({ programProviderId: 3, ...settingsOfRule(rule) });
    expect(settingsOfBody(body)).toEqual(settingsOfRule(rule));
    expect(autoRuleBodySchema.safeParse(body).success).toBe(true);
  });

  it('a new rule runs at 10:00, filters nothing and is active', () => {
    expect(bodyOfDraft(3, emptyRuleDraft)).toEqual({
      programProviderId: 3,
      time: '10:00',
      maxMonthlyCost: null,
      minDays: null,
      maxDays: null,
      minCreditValue: null,
      maxTotalPerDay: null,
      active: true,
    });
    expect(keysOf({})).toEqual({});
  });
});

describe('the rule form’s validation: the contract’s messages on the form’s fields', () => {
  it('time: HH:mm', () => {
    expect(keysOf({ time: '' })).toEqual({ time: 'validation.time.invalid' });
    expect(keysOf({ time: '25:00' })).toEqual({ time: 'validation.time.invalid' });
  });

  it('monthly cost: above 0, at most 100 percent', () => {
    expect(keysOf({ maxMonthlyCost: 0 })).toEqual({ maxMonthlyCost: 'validation.percent.invalid' });
    expect(keysOf({ maxMonthlyCost: 101 })).toEqual({ maxMonthlyCost: 'validation.percent.invalid' });
    expect(keysOf({ maxMonthlyCost: '2,' })).toEqual({});
    expect(keysOf({ maxMonthlyCost: 'x' })).toEqual({ maxMonthlyCost: 'validation.percent.invalid' });
  });

  it('days: whole, 0 to 3650, the shortest no longer than the longest', () => {
    expect(keysOf({ minDays: 3651 })).toEqual({ minDays: 'validation.days.invalid' });
    expect(keysOf({ maxDays: 1.5 })).toEqual({ maxDays: 'validation.days.invalid' });
    expect(keysOf({ minDays: 30, maxDays: 10 })).toEqual({ maxDays: 'validation.days.order' });
    expect(keysOf({ minDays: 10, maxDays: 10 })).toEqual({});
  });

  it('amounts: above zero, at most 2 decimals', () => {
    expect(keysOf({ minCreditValue: 0 })).toEqual({ minCreditValue: 'validation.money.invalid' });
    expect(keysOf({ maxTotalPerDay: 10.005 })).toEqual({ maxTotalPerDay: 'validation.money.invalid' });
    expect(keysOf({ maxTotalPerDay: '5000,50' })).toEqual({});
  });
});

describe('the planner’s body', () => {
  const keys = (amount: number | string, date: string) =>
    Object.fromEntries(
      (planBodySchema.safeParse(planBodyOfDraft(3, { amount, date })).error?.issues ?? []).map((issue) => [
        issue.path.join('.'),
        issue.message,
      ]),
    );

  it('needs an amount above zero and a date', () => {
    expect(keys(emptyPlanDraft.amount, emptyPlanDraft.date)).toEqual({
      amount: 'validation.money.invalid',
      date: 'validation.date.invalid',
    });
    expect(keys(0, '2026-12-01')).toEqual({ amount: 'validation.money.invalid' });
    expect(keys('15000,5', '2026-12-01')).toEqual({});
    expect(planBodyOfDraft(3, { amount: '15000,5', date: '2026-12-01' })).toEqual({
      programProviderId: 3,
      amount: 15000.5,
      date: '2026-12-01',
    });
  });
});
