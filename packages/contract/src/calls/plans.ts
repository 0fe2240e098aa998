import { z } from 'zod';
import { defineCall } from '../define-call';
import { idSchema, isoDateSchema, moneySchema, strictBody } from '../primitives';
import { msg } from '../validation-messages';
import { estimateSchema } from './estimates';

const tag = 'plans';

/** "I need `amount` net by `date`" in one participation. */
export const planBodySchema = strictBody({
  programProviderId: idSchema,
  amount: moneySchema.refine((value) => value > 0, msg('validation.money.invalid')),
  date: isoDateSchema,
});
export type PlanBody = z.infer<typeof planBodySchema>;

export const planSchema = z.object({
  /** The chosen credits, in estimate order. */
  creditIds: z.array(idSchema),
  /**
   * Their estimate now, every figure but the per-credit lines: `total` ≥ the amount, at the lowest total cost
   * found. The lines come with the simulation the plan opens (PUT estimates/request), not twice: a plan of
   * thousands of credits would otherwise answer a megabyte the screen does not show.
   */
  estimate: estimateSchema.omit({ creditEstimates: true }),
});
export type Plan = z.infer<typeof planSchema>;

/**
 * The eligible credits whose net reaches `amount` with payment on or before `date`, at the lowest total cost
 * (docs/product/automation.md#planner). Not reachable: 400 error.plan.notEnough with `params.reachable`, the
 * most (net, in reais) a request made now could get by that date (0 when its payment date is after it).
 * Another company's participation, or none: 404 error.notFound.
 */
export const createPlanCall = defineCall({
  method: 'POST',
  path: '/api/webapp/plans',
  auth: 'provider',
  tag,
  summary: 'Choose the cheapest credits that reach an amount by a date',
  body: planBodySchema,
  response: planSchema,
});
