import { z } from 'zod';
import { defineCall } from '../define-call';
import { platformFunderSchema } from '../platform-events';
import {
  batchStatusSchema,
  idSchema,
  instantSchema,
  isoDateSchema,
  limits,
  moneySchema,
  queryIntSchema,
} from '../primitives';
import { batchCreditSchema, batchIdParamsSchema } from './batches';

/*
 * The funder reads the requests (docs/product/platform-api.md#batches): every request of the client's
 * organization, with scope `batches:read`.
 */

const tag = 'platform';

/** Bounds of `limit` on the platform's lists: 1 to 500, 100 when absent. */
export const platformListLimits = { default: 100, max: 500 } as const;

export const platformBatchesQuerySchema = z.object({
  /** Only requests in this status. */
  status: batchStatusSchema.optional(),
  /**
   * The cursor: the `next` of the previous page (the last request id it held); the first page when absent.
   * Requests come oldest first by id, so a request made meanwhile turns up on a later page, never twice.
   */
  after: queryIntSchema({ min: 0, max: limits.idMax, key: 'validation.invalid' }).optional(),
  limit: queryIntSchema({ min: 1, max: platformListLimits.max, key: 'validation.size.invalid' }).default(
    platformListLimits.default,
  ),
});

const platformProgramSchema = z.object({ ref: z.string(), name: z.string() });

/** The supplier company: `identification` in its stored form (digits, or upper-case letters and digits). */
const platformCompanySchema = z.object({ ref: z.string(), name: z.string(), identification: z.string() });

/** One request as the funder lists it: its frozen totals, in reais. */
export const platformBatchSummarySchema = z.object({
  id: idSchema,
  /** The import document's key of a request loaded as history; null for one made on the portal. */
  ref: z.string().nullable(),
  status: batchStatusSchema,
  requestedAt: instantSchema,
  paymentDate: isoDateSchema,
  company: platformCompanySchema,
  program: platformProgramSchema,
  /** Who funds it: its funder, or null for the house offer (the program's own rate). */
  funder: platformFunderSchema,
  /** Σ original values. */
  value: moneySchema,
  /** Σ investor discount and platform fee. */
  discount: moneySchema,
  /** Σ bank fees. */
  fees: moneySchema,
  /** Σ IOF. */
  iof: moneySchema,
  /** What the supplier receives (Σ anticipation): the amount to pay. */
  net: moneySchema,
  creditCount: z.number().int().min(0),
  /** The platform's words for a REJECTED request; null otherwise. */
  rejectionReason: z.string().nullable(),
  /** The payment's reference given when the request was settled PAID (a Pix end-to-end id); null otherwise. */
  paymentReference: z.string().nullable(),
});
export type PlatformBatchSummary = z.infer<typeof platformBatchSummarySchema>;

export const platformBatchPageSchema = z.object({
  content: z.array(platformBatchSummarySchema),
  /** The `after` of the next page; null when this page is the last. */
  next: z.string().nullable(),
});
export type PlatformBatchPage = z.infer<typeof platformBatchPageSchema>;

/** The account the funder pays, whole (the supplier's own calls show it masked). */
export const platformBankAccountSchema = z.object({
  bank: z.string(),
  branch: z.string(),
  account: z.string(),
});

/** A credit of the request with its ref and its figures as frozen at request time. */
export const platformBatchCreditSchema = batchCreditSchema.extend({ ref: z.string() });

/**
 * One request with its credits and the bank account it was made with (docs/product/platform-api.md#batches):
 * frozen at request time, so a later change of the company's account does not move it.
 */
export const platformBatchSchema = platformBatchSummarySchema.extend({
  company: platformCompanySchema.extend({
    bankAccount: platformBankAccountSchema
      .nullable()
      .describe(
        'The account to pay: the company’s bank account this request was made with, frozen at request time. A ' +
          'later change of the company’s account does not move it (a new request takes the new one). Null when ' +
          'the request has no account on record (a past request imported for a company without one).',
      ),
  }),
  credits: z.array(platformBatchCreditSchema),
});
export type PlatformBatch = z.infer<typeof platformBatchSchema>;

/** Oldest first by id, `limit` at a time; `next` is the cursor to pass as `after`. */
export const listPlatformBatchesCall = defineCall({
  method: 'GET',
  path: '/api/platform/v1/batches',
  auth: 'machine',
  scope: 'batches:read',
  tag,
  summary: 'The organization’s early-payment requests, oldest first',
  querystring: platformBatchesQuerySchema,
  response: platformBatchPageSchema,
});

/** Another organization's request, or none: the same 404 error.batch.notFound. */
export const getPlatformBatchCall = defineCall({
  method: 'GET',
  path: '/api/platform/v1/batches/:id',
  auth: 'machine',
  scope: 'batches:read',
  tag,
  summary: 'One early-payment request: credits, frozen figures and the account to pay',
  params: batchIdParamsSchema,
  response: platformBatchSchema,
});
