import { z } from 'zod';
import { importRefSchema } from './import-file-parties';
import { batchStatusSchema, emailSchema, instantSchema, limits, strictBody } from './primitives';
import { msg, requiredOr } from './validation-messages';

// Past requests of the import document (`batches`), so a database can start with a history. The importer
// prices each as of its `requestedAt` and freezes it like any request. The format: import-file.ts.

/** The reason a rejection gives, as the operator's `batch <id> rejected --reason` takes it: 1 to 500 characters. */
const rejectionReasonSchema = z
  .string(requiredOr('validation.required'))
  .min(1, msg('validation.required', { abort: true }))
  .max(500, msg('validation.text.max'));

/** A request that still holds its credits: REQUESTED or PAID (a rejected or cancelled one released them). */
export const liveBatchStatuses: ReadonlySet<string> = new Set(['REQUESTED', 'PAID']);

export const importBatchSchema = strictBody({
  ref: importRefSchema,
  programProvider: importRefSchema,
  /** Refs of credits of the same program provider, each once. */
  credits: z
    .array(importRefSchema, requiredOr('validation.required'))
    .min(1, msg('validation.required'))
    .max(limits.creditIdsMax, msg('validation.ids.max')),
  requestedAt: instantSchema,
  /** The login of the user who made the request. */
  requestedBy: emailSchema,
  status: batchStatusSchema,
  /** When it was paid, rejected or cancelled; null or absent while REQUESTED. */
  settledAt: instantSchema.nullable().default(null),
  /** Only for REJECTED: the platform's words the supplier reads. */
  rejectionReason: rejectionReasonSchema.nullable().default(null),
}).superRefine((batch, ctx) => {
  const report = (message: Parameters<typeof msg>[0], path: (string | number)[]) =>
    ctx.addIssue({ code: 'custom', message, path });
  const seen = new Set<string>();
  batch.credits.forEach((ref, index) => {
    if (seen.has(ref)) report('validation.ids.duplicate', ['credits', index]);
    seen.add(ref);
  });
  if (batch.status === 'REQUESTED') {
    if (batch.settledAt !== null) report('validation.invalid', ['settledAt']);
  } else if (batch.settledAt === null) {
    report('validation.required', ['settledAt']);
  } else if (Date.parse(batch.settledAt) <= Date.parse(batch.requestedAt)) {
    report('validation.dates.order', ['settledAt']);
  }
  if (batch.status !== 'REJECTED' && batch.rejectionReason !== null) {
    report('validation.invalid', ['rejectionReason']);
  }
});
