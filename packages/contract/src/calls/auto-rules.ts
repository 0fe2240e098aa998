import { z } from 'zod';
import { defineCall, emptyResponseSchema } from '../define-call';
import {
  autoRuleRunStatusSchema,
  idSchema,
  instantSchema,
  isoDateSchema,
  limits,
  moneySchema,
  pinSchema,
  queryIntSchema,
  strictBody,
  timeSchema,
} from '../primitives';
import { msg } from '../validation-messages';
import { estimateSchema } from './estimates';

const tag = 'auto-rules';

/** The most rules one participation may hold: a few times of day, not a schedule per minute. */
export const autoRulesPerProgramProviderMax = 10;

const daysSchema = z
  .number(msg('validation.days.invalid'))
  .int(msg('validation.days.invalid'))
  .min(0, msg('validation.days.invalid'))
  .max(3650, msg('validation.days.invalid'));

/** An amount above zero, in reais. */
const positiveMoneySchema = moneySchema.refine((value) => value > 0, msg('validation.money.invalid'));

/**
 * What a rule takes and when (docs/product/automation.md#rules). Every filter is optional: null (or absent)
 * does not filter. `maxMonthlyCost` is the credit's effective monthly cost in percent (2.5 = 2.5 % a month);
 * `minDays`/`maxDays` bound the days to maturity; `minCreditValue` the credit's original value;
 * `maxTotalPerDay` the net the rule requests in one day, the cheapest credits first.
 */
const settingsShape = {
  /** HH:mm in the organization's zone, inside the window (opening time to the program's anticipationMaxTime). */
  time: timeSchema,
  maxMonthlyCost: z
    .number(msg('validation.percent.invalid'))
    .gt(0, msg('validation.percent.invalid'))
    .max(100, msg('validation.percent.invalid'))
    .nullish(),
  minDays: daysSchema.nullish(),
  maxDays: daysSchema.nullish(),
  minCreditValue: positiveMoneySchema.nullish(),
  maxTotalPerDay: positiveMoneySchema.nullish(),
  /** A paused rule keeps its settings and history and does not run. Default true. */
  active: z.boolean(msg('validation.invalid')).optional(),
  /**
   * The transaction PIN, where the program requires it: a rule requests early payment without its owner, so
   * saving one asks what a request asks (docs/product/account-security.md#pin). Previews ignore it.
   */
  pin: pinSchema.optional(),
};

function withDayOrder<T extends z.ZodType<{ minDays?: number | null; maxDays?: number | null }>>(schema: T) {
  return schema.refine(
    (rule) => rule.minDays == null || rule.maxDays == null || rule.minDays <= rule.maxDays,
    { ...msg('validation.days.order'), path: ['maxDays'] },
  );
}

/** PUT auto-rules/{id}: the whole settings (the participation does not change). */
export const autoRuleSettingsSchema = withDayOrder(strictBody(settingsShape));
export type AutoRuleSettings = z.infer<typeof autoRuleSettingsSchema>;

/** POST auto-rules and POST auto-rules/preview. */
export const autoRuleBodySchema = withDayOrder(
  strictBody({
    programProviderId: idSchema,
    ...settingsShape,
  }),
);
export type AutoRuleBody = z.infer<typeof autoRuleBodySchema>;

export const autoRuleSchema = z.object({
  id: idSchema,
  programProviderId: idSchema,
  time: timeSchema,
  maxMonthlyCost: z.number().nullable(),
  minDays: z.number().int().nullable(),
  maxDays: z.number().int().nullable(),
  minCreditValue: moneySchema.nullable(),
  maxTotalPerDay: moneySchema.nullable(),
  active: z.boolean(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type AutoRule = z.infer<typeof autoRuleSchema>;

export const autoRuleIdParamsSchema = z.object({
  id: queryIntSchema({ min: 1, max: limits.idMax, key: 'validation.id.invalid' }),
});

export const autoRulesQuerySchema = z.object({
  programProviderId: queryIntSchema({ min: 1, max: limits.idMax, key: 'validation.id.invalid' }),
});

/** The participation's rules, oldest first. Another company's participation, or none: 404 error.notFound. */
export const listAutoRulesCall = defineCall({
  method: 'GET',
  path: '/api/webapp/auto-rules',
  auth: 'provider',
  tag,
  summary: 'The automatic early-payment rules of one participation',
  querystring: autoRulesQuerySchema,
  response: z.array(autoRuleSchema),
});

/**
 * A new rule. 400 error.autoRule.timeOutsideWindow when `time` is outside the window; 400
 * error.autoRule.tooMany past the participation's limit; another company's participation: 404 error.notFound.
 */
export const createAutoRuleCall = defineCall({
  method: 'POST',
  path: '/api/webapp/auto-rules',
  auth: 'provider',
  tag,
  summary: 'Create an automatic early-payment rule',
  body: autoRuleBodySchema,
  response: autoRuleSchema,
});

/** Another company's rule, a deleted one or none: 404 error.autoRule.notFound. */
export const updateAutoRuleCall = defineCall({
  method: 'PUT',
  path: '/api/webapp/auto-rules/:id',
  auth: 'provider',
  tag,
  summary: 'Change, pause or resume an automatic early-payment rule',
  params: autoRuleIdParamsSchema,
  body: autoRuleSettingsSchema,
  response: autoRuleSchema,
});

/** The rule stops for good; the requests it made stay, marked automatic. */
export const deleteAutoRuleCall = defineCall({
  method: 'DELETE',
  path: '/api/webapp/auto-rules/:id',
  auth: 'provider',
  tag,
  summary: 'Delete an automatic early-payment rule',
  params: autoRuleIdParamsSchema,
  response: emptyResponseSchema,
});

/** What a rule would request now: its credits and their estimate, or null when it would take nothing. */
export const autoRulePreviewSchema = z.object({ estimate: estimateSchema.nullable() });
export type AutoRulePreview = z.infer<typeof autoRulePreviewSchema>;

/** The preview of settings not saved yet: a new rule, or a saved one's edits before they are saved. */
export const previewNewAutoRuleCall = defineCall({
  method: 'POST',
  path: '/api/webapp/auto-rules/preview',
  auth: 'provider',
  tag,
  summary: 'What a new automatic rule would request now',
  body: autoRuleBodySchema,
  response: autoRulePreviewSchema,
});

/** The preview of a saved rule as saved (a form's unsaved edits preview through previewNewAutoRuleCall). */
export const previewAutoRuleCall = defineCall({
  method: 'POST',
  path: '/api/webapp/auto-rules/:id/preview',
  auth: 'provider',
  tag,
  summary: 'What an automatic rule would request now',
  params: autoRuleIdParamsSchema,
  body: strictBody({}),
  response: autoRulePreviewSchema,
});

/**
 * One business day of a rule: TAKEN (a request was made: batchId), NOTHING (no credit passed the filters),
 * FAILED (refused: `reason` is the error code, e.g. error.operation.closed or error.bankAccount.empty) or MISSED
 * (the server was down at the rule's time and the window had closed when it came back).
 */
export const autoRuleRunSchema = z.object({
  date: isoDateSchema,
  status: autoRuleRunStatusSchema,
  batchId: idSchema.nullable(),
  reason: z.string().nullable(),
  at: instantSchema,
});
export type AutoRuleRun = z.infer<typeof autoRuleRunSchema>;

/** Newest first, the last 90. */
export const listAutoRuleRunsCall = defineCall({
  method: 'GET',
  path: '/api/webapp/auto-rules/:id/runs',
  auth: 'provider',
  tag,
  summary: 'The run history of an automatic early-payment rule',
  params: autoRuleIdParamsSchema,
  response: z.array(autoRuleRunSchema),
});
