import { z } from 'zod';
import { defineCall } from '../define-call';
import { importEntriesSchema } from '../import-file-entries';
import { strictBody } from '../primitives';
import { idempotencyHeadersSchema } from './batches';

/*
 * The platform API (docs/product/platform-api.md): what the platform's own systems call with a machine client's
 * token, under /api/platform/v1/. Each call names the scope it needs.
 */

const tag = 'platform';

const countsSchema = z.object({ created: z.number().int().min(0), updated: z.number().int().min(0) });

/** Created and updated entries per kind of the import document. */
export const importCountsSchema = z.object({
  organizations: countsSchema,
  buyers: countsSchema,
  companies: countsSchema,
  funders: countsSchema,
  users: countsSchema,
  programs: countsSchema,
  programProviders: countsSchema,
  credits: countsSchema,
  notifications: countsSchema,
  invites: countsSchema,
  batches: countsSchema,
});
export const importAnswerSchema = z.object({ counts: importCountsSchema });
export type ImportAnswer = z.infer<typeof importAnswerSchema>;

/**
 * The import document's kinds, each an array the importer reads (docs/import-format.md): the entries are left to
 * the operator import's own validation, the one code path of the CLI and the API, which names a bad entry by its
 * JSON path. Unknown kinds are refused here, like any unknown field.
 */
export const platformImportBodySchema = strictBody(
  Object.fromEntries(
    Object.keys(importEntriesSchema.shape).map((kind) => [
      kind,
      z.array(z.unknown(), 'validation.invalid').optional(),
    ]),
  ) as Record<keyof typeof importEntriesSchema.shape, z.ZodOptional<z.ZodArray<z.ZodUnknown>>>,
);

/**
 * An import document (docs/import-format.md) of the client's organization, read by the operator import's own
 * code: the same validation, one transaction, the same errors (400 error.import.invalid naming the entry's
 * JSON path in `fieldErrors` and the reason in `error_description`). `Idempotency-Key` replays the first answer.
 * Up to 32 MiB (100,000 credits arrive in calls of 10,000, about 3 MB of JSON each).
 */
export const platformImportCall = defineCall({
  method: 'POST',
  path: '/api/platform/v1/imports',
  auth: 'machine',
  scope: 'imports:write',
  tag,
  summary: 'Load an import document into the client’s organization',
  headers: idempotencyHeadersSchema,
  body: platformImportBodySchema.describe('An import document: docs/import-format.md'),
  maxBodyBytes: 32 * 1024 * 1024,
  response: importAnswerSchema,
});
