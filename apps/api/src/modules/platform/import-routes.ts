import { type ImportAnswer, platformImportCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { type NulAt, parseJsonBodies } from '../../http/json-body';
import { registerCall } from '../../http/route';
import { checkImportDocument, ImportError, importDocument } from '../../ops/import';
import { answerOnce } from './platform-replies';

/**
 * POST /api/platform/v1/imports (docs/product/platform-api.md#imports): the operator import's own code, confined
 * to the client's organization, its answer recorded with the import under the client's `Idempotency-Key`.
 */
export async function platformImportRoutes(app: FastifyInstance) {
  // A scope of its own, for its own words on a U+0000 in the document (the import format's, not error.validation).
  await app.register(async (scope) => {
    parseJsonBodies(scope, (nul) => importRefusal(nulInDocument(nul)));
    registerImport(scope);
  });
}

function registerImport(app: FastifyInstance) {
  const { db, clock, secrets } = app.deps;
  registerCall(
    app,
    platformImportCall,
    async (request, _reply, machine) => {
      // A body of the wrong shape (not an object, a kind that is not a list, an unknown kind) is refused with the
      // import format's words, by the importer's own check, rather than the route schema's error.validation.
      const invalid = request.validationError;
      const once = {
        machine,
        call: platformImportCall,
        idempotencyKey: request.headers['idempotency-key'],
        body: request.body,
        now: clock.now(),
      };
      try {
        if (invalid) {
          // The importer refuses what the schema refused; anything else (the headers) is the schema's error.
          if (invalid.validationContext === 'body') checkImportDocument(request.body);
          throw invalid;
        }
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
    },
    { attachValidation: true },
  );
}

/** U+0000, which no text of the portal may hold, where the document has it: a value, or a key of an entry. */
function nulInDocument({ path, key }: NulAt): ImportError {
  const reason = 'holds the character U+0000, which the portal cannot store';
  return key === undefined
    ? ImportError.at(path, `validation.invalid: the text ${reason}`)
    : ImportError.at(path, `the key ${JSON.stringify(key)} ${reason} (validation.invalid)`);
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
