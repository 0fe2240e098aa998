import { z } from 'zod';
import { defineCall } from '../define-call';
import { importRefSchema } from '../import-file-parties';
import { strictBody } from '../primitives';
import { msg, requiredOr } from '../validation-messages';
import { idempotencyHeadersSchema } from './batches';

/*
 * The platform API's calls on credits (docs/product/platform-api.md#withdraw), with a machine client's token of
 * scope `credits:write`.
 */

const tag = 'platform';

/** The most credit refs one withdrawal names. */
export const withdrawRefsMax = 10_000;

/** Credit refs as the import document gives them (docs/import-format.md), 1 to 10,000, each once. */
export const withdrawCreditsBodySchema = strictBody({
  refs: z
    .array(importRefSchema, requiredOr('validation.required'))
    .min(1, msg('validation.required'))
    .max(withdrawRefsMax, msg('validation.ids.max'))
    .superRefine((refs, ctx) => {
      const seen = new Set<string>();
      refs.forEach((ref, index) => {
        if (seen.has(ref))
          ctx.addIssue({ code: 'custom', message: 'validation.ref.duplicate', path: [index] });
        seen.add(ref);
      });
    }),
});

export const withdrawCreditsAnswerSchema = z.object({
  /** AVAILABLE credits this call made UNAVAILABLE. */
  withdrawn: z.number().int().min(0),
  /** Credits that were UNAVAILABLE already (an earlier withdrawal, or imported so): left as they were. */
  alreadyWithdrawn: z.number().int().min(0),
});
export type WithdrawCreditsAnswer = z.infer<typeof withdrawCreditsAnswerSchema>;

/**
 * The buyer cancelled these invoices or paid them another way: the client's organization's AVAILABLE credits
 * among them become UNAVAILABLE (never offered again; the supplier sees them as withdrawn), all or nothing.
 * A ref the organization does not have: 400 error.credit.notfound; a credit in a live request (REQUESTED or
 * PAID): 409 error.credit.wrongStatus; either names each such ref by its index (`refs.3`) in fieldErrors and
 * changes nothing. `Idempotency-Key` replays the first answer.
 */
export const withdrawCreditsCall = defineCall({
  method: 'POST',
  path: '/api/platform/v1/credits/withdraw',
  auth: 'machine',
  scope: 'credits:write',
  tag,
  summary: 'Withdraw credits the buyer cancelled or paid another way',
  headers: idempotencyHeadersSchema,
  body: withdrawCreditsBodySchema,
  // 10,000 refs of up to 100 characters, beyond the 1 MiB of other calls.
  maxBodyBytes: 4 * 1024 * 1024,
  response: withdrawCreditsAnswerSchema,
});
