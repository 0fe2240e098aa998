import { z } from 'zod';
import { defineCall } from '../define-call';
import { pageQueryShape, pageSchema } from '../page';
import {
  batchStatusSchema,
  idSchema,
  instantSchema,
  isoDateSchema,
  limits,
  moneySchema,
  queryIntSchema,
} from '../primitives';
import { creditIdsSchema } from './credits';

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

/** Claims every credit or none; freezes the estimate's figures and writes an audit row. */
export const requestBatchCall = defineCall({
  method: 'POST',
  path: '/api/webapp/batches/request',
  auth: 'provider',
  tag,
  summary: 'Request early payment of the chosen credits',
  headers: idempotencyHeadersSchema,
  body: creditIdsSchema,
  response: batchResultSchema,
});

export const batchesQuerySchema = z.object({
  /** One participation's requests; absent lists every request of the default company. */
  programProviderId: queryIntSchema({ min: 1, max: limits.idMax, key: 'validation.id.invalid' }).optional(),
  ...pageQueryShape,
});

export const batchSummarySchema = z.object({
  id: idSchema,
  createdAt: instantSchema,
  status: batchStatusSchema,
  /** Net amount (Σ anticipation), as frozen at request time. */
  value: moneySchema,
  /** Σ original values of its credits. */
  originalValue: moneySchema,
  creditCount: z.number().int().min(0),
  paymentDate: isoDateSchema,
  daysToPay: z.number().int().min(0),
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
