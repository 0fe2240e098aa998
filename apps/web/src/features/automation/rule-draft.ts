import type { AutoRule, AutoRuleBody, AutoRuleSettings, PlanBody } from '@portal/contract';

/**
 * A number field of a form as Mantine's number input holds it: a number, '' when empty, or the text typed so
 * far while it does not read as a number ("2,").
 */
export type NumberDraft = number | string;

/** The rule form's values: what the fields hold, before they become the contract's body. */
export type RuleDraft = {
  time: string;
  maxMonthlyCost: NumberDraft;
  minDays: NumberDraft;
  maxDays: NumberDraft;
  minCreditValue: NumberDraft;
  maxTotalPerDay: NumberDraft;
  active: boolean;
};

/** A new rule: at 10:00 (inside every program's window in the demo), no filter, active. */
export const emptyRuleDraft: RuleDraft = {
  time: '10:00',
  maxMonthlyCost: '',
  minDays: '',
  maxDays: '',
  minCreditValue: '',
  maxTotalPerDay: '',
  active: true,
};

/**
 * The number a field holds: null when empty (no filter); text read with either decimal separator (the input
 * groups no thousands, so a point or a comma can only be the decimal one); NaN when it is not a number, which
 * the contract's schema refuses with the field's own message.
 */
export function numberOf(value: NumberDraft): number | null {
  if (typeof value === 'number') return value;
  const text = value.trim();
  if (text === '') return null;
  return /^-?\d*[.,]?\d*$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
}

const draftOrNull = (value: number | null): NumberDraft => value ?? '';

/** A saved rule in the form, for editing. */
export function draftOfRule(rule: AutoRule): RuleDraft {
  return {
    time: rule.time,
    maxMonthlyCost: draftOrNull(rule.maxMonthlyCost),
    minDays: draftOrNull(rule.minDays),
    maxDays: draftOrNull(rule.maxDays),
    minCreditValue: draftOrNull(rule.minCreditValue),
    maxTotalPerDay: draftOrNull(rule.maxTotalPerDay),
    active: rule.active,
  };
}

/**
 * The body of POST auto-rules (and of the draft's preview), as the fields hold it: the form hands it to the
 * contract's autoRuleBodySchema, whose messages (catalogue keys) land on the fields of the same names.
 */
export function bodyOfDraft(programProviderId: number, draft: RuleDraft): AutoRuleBody {
  return {
    programProviderId,
    time: draft.time,
    maxMonthlyCost: numberOf(draft.maxMonthlyCost),
    minDays: numberOf(draft.minDays),
    maxDays: numberOf(draft.maxDays),
    minCreditValue: numberOf(draft.minCreditValue),
    maxTotalPerDay: numberOf(draft.maxTotalPerDay),
    active: draft.active,
  };
}

/** The body of PUT auto-rules/{id}: the whole settings, the participation left out. */
export function settingsOfBody({ programProviderId: _, ...settings }: AutoRuleBody): AutoRuleSettings {
  return settings;
}

/** A saved rule's settings, e.g. to pause or resume it as it is. */
export function settingsOfRule(rule: AutoRule): AutoRuleSettings {
  return {
    time: rule.time,
    maxMonthlyCost: rule.maxMonthlyCost,
    minDays: rule.minDays,
    maxDays: rule.maxDays,
    minCreditValue: rule.minCreditValue,
    maxTotalPerDay: rule.maxTotalPerDay,
    active: rule.active,
  };
}

/** The planner's values: "I need `amount` by `date`". */
export type PlanDraft = { amount: NumberDraft; date: string };

export const emptyPlanDraft: PlanDraft = { amount: '', date: '' };

/**
 * The body of POST plans as the planner's fields hold it, for the contract's schema to check: an empty or
 * unreadable amount is NaN there, refused with the amount's own message.
 */
export function planBodyOfDraft(programProviderId: number, draft: PlanDraft): PlanBody {
  return { programProviderId, amount: numberOf(draft.amount) ?? Number.NaN, date: draft.date };
}
