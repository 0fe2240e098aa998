import { z } from 'zod';
import { defineCall, fileResponseSchema } from '../define-call';
import { pageQueryShape, pageSchema } from '../page';
import {
  batchStatusSchema,
  idSchema,
  instantSchema,
  isoDateSchema,
  limits,
  moneySchema,
  pinSchema,
  queryIntSchema,
  strictBody,
} from '../primitives';
import { creditIdsSchema } from './credits';
import { creditEstimateSchema, offerChoiceSchema } from './estimates';

const tag = 'batches';

/**
 * `Idempotency-Key`: the same key replays the first answer; the same key with another body answers 422
 * error.idempotency.conflict (docs/product/requests.md#idempotency). Optional, so a plain retry-less client
 * still works.
 */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z.string().min(1).max(limits.tokenMax).optional(),
});

export const batchResultSchema = z.object({
  id: idSchema,
  /** The net amount the supplier will receive (Σ anticipation). */
  value: moneySchema,
  /** Business days until payment. */
  daysToPay: z.number().int().min(0),
});
export type BatchResult = z.infer<typeof batchResultSchema>;

/**
 * The request's body: the credits' ids as a bare array (the original form), or `{creditIds, pin}` where the
 * program requires the transaction PIN (docs/product/account-security.md#pin).
 */
export const batchRequestBodySchema = z.union([
  creditIdsSchema,
  strictBody({
    creditIds: creditIdsSchema,
    pin: pinSchema.optional(),
    /** Exactly this offer, or 409 error.offer.unavailable with nothing claimed; absent: the best with room. */
    offerId: offerChoiceSchema.optional(),
  }),
]);
export type BatchRequestBody = z.infer<typeof batchRequestBodySchema>;

/** Claims every credit or none; freezes the estimate's figures and writes an audit row. */
export const requestBatchCall = defineCall({
  method: 'POST',
  path: '/api/webapp/batches/request',
  auth: 'provider',
  tag,
  summary: 'Request early payment of the chosen credits',
  headers: idempotencyHeadersSchema,
  body: batchRequestBodySchema,
  response: batchResultSchema,
});

export const batchesQuerySchema = z.object({
  /** One participation's requests; absent lists every request of the default company. */
  programProviderId: queryIntSchema({ min: 1, max: limits.idMax, key: 'validation.id.invalid' }).optional(),
  ...pageQueryShape,
});

/**
 * Who pays the supplier for a request (docs/product/requests.md#funder): the funder whose offer it was made at,
 * or the house (the program's own rate, `house: true`), named with the buyer's name, as every request made
 * before funders existed. The names are the funder's and the buyer's as they are now.
 */
export const batchFunderSchema = z.object({
  name: z.string(),
  house: z.boolean(),
});
export type BatchFunder = z.infer<typeof batchFunderSchema>;

export const batchSummarySchema = z.object({
  id: idSchema,
  createdAt: instantSchema,
  status: batchStatusSchema,
  /** Made by an automatic rule (docs/product/automation.md#runs). */
  automatic: z.boolean(),
  /** Net amount (Σ anticipation), as frozen at request time. */
  value: moneySchema,
  /** Σ original values of its credits. */
  originalValue: moneySchema,
  creditCount: z.number().int().min(0),
  paymentDate: isoDateSchema,
  daysToPay: z.number().int().min(0),
  funder: batchFunderSchema,
});
export type BatchSummary = z.infer<typeof batchSummarySchema>;

export const batchPageSchema = pageSchema(batchSummarySchema);

/** Newest first. */
export const listBatchesCall = defineCall({
  method: 'GET',
  path: '/api/webapp/batches',
  auth: 'provider',
  tag,
  summary: 'The default company’s early-payment requests (history)',
  querystring: batchesQuerySchema,
  response: batchPageSchema,
});

export const batchIdParamsSchema = z.object({
  id: queryIntSchema({ min: 1, max: limits.idMax, key: 'validation.id.invalid' }),
});

/** One change of a request's status: `by` is the person who made it, null for the platform or a rule. */
export const batchEventSchema = z.object({
  status: batchStatusSchema,
  at: instantSchema,
  by: z.string().nullable(),
});
export type BatchEvent = z.infer<typeof batchEventSchema>;

/** A credit of a request: priced as frozen, with the access key of its accepted electronic invoice (or null). */
export const batchCreditSchema = creditEstimateSchema.extend({ invoiceKey: z.string().nullable() });
export type BatchCredit = z.infer<typeof batchCreditSchema>;

/** A request with its figures as frozen when it was made, its credits and its history. */
export const batchDetailSchema = z.object({
  id: idSchema,
  programId: idSchema,
  programName: z.string(),
  buyerName: z.string(),
  funder: batchFunderSchema,
  programProviderId: idSchema,
  companyId: idSchema,
  status: batchStatusSchema,
  /** Made by an automatic rule, not by a person on the portal. */
  automatic: z.boolean(),
  requestedAt: instantSchema,
  paymentDate: isoDateSchema,
  /** Σ original values. */
  value: moneySchema,
  /** What the supplier receives (Σ anticipation). */
  total: moneySchema,
  /** Σ investor discount and platform fee. */
  discount: moneySchema,
  /** Σ bank fees. */
  fees: moneySchema,
  /** Σ IOF. */
  iof: moneySchema,
  /** The platform's words for a REJECTED request. */
  rejectionReason: z.string().nullable(),
  /** The platform's reference of the payment of a PAID request (a Pix end-to-end id), when it gave one. */
  paymentReference: z.string().nullable(),
  /**
   * The company's bank account the request was made with, kept whatever the company's account becomes, masked to
   * the account's last 4 characters (docs/product/requests.md#bank-account).
   */
  bankAccount: z
    .string()
    .nullable()
    .describe(
      'The bank account this request was made with (frozen at request time; a later change of the company’s ' +
        'account does not move it), masked to its last 4 characters: "341 / 1234 / ****5678". Null when the ' +
        'request has no account on record (a past request imported for a company without one).',
    ),
  /** Whether the caller may cancel it now (docs/product/requests.md#cancelling). */
  cancellable: z.boolean(),
  credits: z.array(batchCreditSchema),
  /** Oldest first. */
  events: z.array(batchEventSchema),
});
export type BatchDetail = z.infer<typeof batchDetailSchema>;

/** Another company's request, or none: 404 error.batch.notfound. */
export const getBatchCall = defineCall({
  method: 'GET',
  path: '/api/webapp/batches/:id',
  auth: 'provider',
  tag,
  summary: 'One early-payment request: figures, credits and history',
  params: batchIdParamsSchema,
  response: batchDetailSchema,
});

/**
 * The request's statement: a PDF in the caller's language (their account's `langKey`; `Accept-Language` is not
 * read), downloaded as `Content-Disposition: attachment` and never cached (docs/product/requests.md#statement).
 * Another company's request, or none, answers exactly like getBatchCall: 404 error.batch.notFound.
 */
export const getBatchStatementCall = defineCall({
  method: 'GET',
  path: '/api/webapp/batches/:id/statement.pdf',
  auth: 'provider',
  tag,
  summary: 'One early-payment request’s statement, as a PDF',
  params: batchIdParamsSchema,
  produces: 'application/pdf',
  response: fileResponseSchema,
});

/** The body of a cancel: the transaction PIN where the program requires it. */
export const cancelBatchBodySchema = strictBody({ pin: pinSchema.optional() });

/**
 * REQUESTED → CANCELLED, its credits released. 400 error.provider.cannotCancel when the participation does not
 * allow it; 400 error.batch.wrongStatus in another status or after the day's window.
 */
export const cancelBatchCall = defineCall({
  method: 'POST',
  path: '/api/webapp/batches/:id/cancel',
  auth: 'provider',
  tag,
  summary: 'Cancel one’s own early-payment request',
  params: batchIdParamsSchema,
  body: cancelBatchBodySchema,
  response: batchDetailSchema,
});
