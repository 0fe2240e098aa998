import { z } from 'zod';
import { defineCall } from '../define-call';
import { platformEventSchema } from '../platform-events';
import { idParamSchema, queryIntSchema, strictBody } from '../primitives';
import { msg, requiredOr } from '../validation-messages';
import { platformListLimits } from './platform-batches';

/*
 * What the funder does and hears (docs/product/platform-api.md#settlement, #events): settle a request, and read
 * the organization's events in order.
 */

const tag = 'platform';

export const settlementBodySchema = strictBody({
  status: z.enum(['PAID', 'REJECTED'], msg('validation.invalid')),
  /** Required with REJECTED, refused with PAID: the supplier reads it. */
  reason: z
    .string(requiredOr('validation.required'))
    .trim()
    .min(1, msg('validation.required', { abort: true }))
    .max(500, msg('validation.text.max'))
    .optional(),
  /** The payment's reference (a Pix end-to-end id, a TED number), with PAID only. */
  paymentReference: z
    .string(requiredOr('validation.required'))
    .trim()
    .min(1, msg('validation.required', { abort: true }))
    .max(64, msg('validation.text.max'))
    .optional(),
}).superRefine((body, context) => {
  if (body.status === 'REJECTED' && body.reason === undefined)
    context.addIssue({ code: 'custom', path: ['reason'], message: 'validation.required' });
  if (body.status === 'PAID' && body.reason !== undefined)
    context.addIssue({ code: 'custom', path: ['reason'], message: 'validation.invalid' });
  if (body.status === 'REJECTED' && body.paymentReference !== undefined)
    context.addIssue({ code: 'custom', path: ['paymentReference'], message: 'validation.invalid' });
});
export type SettlementBody = z.input<typeof settlementBodySchema>;

export const settlementSchema = z.object({
  id: z.number().int(),
  status: z.enum(['PAID', 'REJECTED']),
  rejectionReason: z.string().nullable(),
  paymentReference: z.string().nullable(),
  settledAt: z.string(),
});
export type Settlement = z.infer<typeof settlementSchema>;

/**
 * What `npm run ops -- batch` does (scope `batches:write`): REQUESTED → PAID (with the payment's reference) or
 * REJECTED (with the reason). Idempotent by nature: the same settlement again answers 200 with the same body (no
 * Idempotency-Key needed); any other after it 409
 * error.batch.wrongStatus; another organization's request 404 error.batch.notFound, as one that does not exist.
 */
export const settleBatchCall = defineCall({
  method: 'POST',
  path: '/api/platform/v1/batches/:id/settlement',
  auth: 'machine',
  scope: 'batches:write',
  tag,
  summary: 'Settle a request: paid, with the payment’s reference, or rejected, with the reason',
  params: z.object({ id: idParamSchema }),
  body: settlementBodySchema,
  response: settlementSchema,
});

export const platformEventsQuerySchema = z.object({
  /** The last event id seen (the previous page's `next`); from the first event when absent. */
  after: queryIntSchema({ min: 0, max: Number.MAX_SAFE_INTEGER, key: 'validation.invalid' }).optional(),
  limit: queryIntSchema({ min: 1, max: platformListLimits.max, key: 'validation.size.invalid' }).default(
    platformListLimits.default,
  ),
});

export const platformEventPageSchema = z.object({
  content: z.array(platformEventSchema),
  /** The cursor to pass as `after` for what follows: the last id of this page, or `after` again when empty. */
  next: z.string(),
});

/** The organization's events in order (scope `events:read`): a pull for integrators without a webhook. */
export const listPlatformEventsCall = defineCall({
  method: 'GET',
  path: '/api/platform/v1/events',
  auth: 'machine',
  scope: 'events:read',
  tag,
  summary: 'The organization’s events after a cursor, oldest first',
  querystring: platformEventsQuerySchema,
  response: platformEventPageSchema,
});
