import { type ImportAnswer, platformImportCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/route';
import { ImportError, importDocument } from '../../ops/import';
import { answerOnce } from './platform-replies';

/**
 * POST /api/platform/v1/imports (docs/product/platform-api.md#imports): the operator import's own code, confined
 * to the client's organization, its answer recorded with the import under the client's `Idempotency-Key`.
 */
export async function platformImportRoutes(app: FastifyInstance) {
  const { db, clock, secrets } = app.deps;
  registerCall(app, platformImportCall, async (request, _reply, machine) => {
    const once = {
      machine,
      call: platformImportCall,
      idempotencyKey: request.headers['idempotency-key'],
      body: request.body,
      now: clock.now(),
    };
    try {
      return await answerOnce<ImportAnswer>(db, once, async (record) => {
        const summary = await importDocument(db, request.body, {
          clock,
          log: (msg) => request.log.info({ client: machine.clientId }, msg),
          platform: { organization: machine.organizationSlug, secrets },
          inTransaction: record && ((tx, done) => record(tx, { counts: done.counts })),
        });
        request.log.info({ client: machine.clientId, counts: summary.counts }, 'platform import');
        return { counts: summary.counts };
      });
    } catch (error) {
      if (error instanceof ImportError) throw importRefusal(error);
      throw error;
    }
  });
}

/**
 * The importer's refusal as the one error body: the entry's JSON path in `fieldErrors` with the catalogue key
 * of the reason where it has one, and the operator's whole line (path and reason) in `error_description`.
 */
function importRefusal(error: ImportError) {
  const key = error.reason.match(/\bvalidation\.[A-Za-z.]+[A-Za-z]/)?.[0] ?? 'validation.invalid';
  return new AppError('error.import.invalid', {
    fieldErrors: [{ field: error.path, message: key }],
    description: error.message,
  });
}
