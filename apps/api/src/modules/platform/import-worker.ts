import {
  type ErrorCode,
  type FieldError,
  type ImportAnswer,
  platformImportBodySchema,
  platformImportCall,
} from '@portal/contract';
import { createDatabase } from '../../db/client';
import { AppError } from '../../http/app-error';
import { findNul, type NulAt, parseJsonText } from '../../http/json-body';
import { frozenClock } from '../../lib/clock';
import { secretBox } from '../../lib/secret-box';
import { checkImportDocument, ImportError, importDocument } from '../imports';
import type { MachineCaller } from '../machine-clients/machine-tokens';
import { answerOnce } from './platform-replies';

export type ImportTask = {
  /** The request's body as it came (absent when it had none): read here, not on the request's thread. */
  body: Uint8Array | undefined;
  machine: MachineCaller;
  idempotencyKey: string | undefined;
  /** The server's clock when the request arrived: the import's "now" (a frozen clock in tests stays frozen). */
  nowMs: number;
  databaseUrl: string;
  /** The server's SECRETS_KEY: the invites' mail jobs carry their tokens sealed with it. */
  secretsKey: Uint8Array;
};

/** What crosses back: structured clone keeps neither an error's class nor its own fields, so they come as parts. */
export type ImportOutcome = { logs: string[] } & (
  | { answer: ImportAnswer }
  | { refusal: { code: ErrorCode; options: AppError['options'] } }
  | { failure: { message: string; stack: string | undefined; code: string | undefined } }
);

/**
 * A platform import as a task of its worker thread (import-pool.ts): the body's JSON is parsed, checked against
 * the import format, fingerprinted for its Idempotency-Key and written in one transaction on this thread, on a
 * database connection of its own, so that a document of tens of megabytes (up to a second of CPU) never holds
 * up the thread that answers everyone else (docs/decisions/uploads.md#worker-threads).
 */
export default async function runImport(task: ImportTask): Promise<ImportOutcome> {
  const logs: string[] = [];
  // Opened per import and closed with it: imports are rare, each takes far longer than a connection (15–35 ms),
  // and no connection is left open in a thread the pool ends when idle.
  const { db, pool } = createDatabase(task.databaseUrl, { max: 2 });
  try {
    const doc = readDocument(task.body);
    const answer = await answerOnce<ImportAnswer>(
      db,
      {
        machine: task.machine,
        call: platformImportCall,
        idempotencyKey: task.idempotencyKey,
        body: doc,
        now: new Date(task.nowMs),
      },
      async (record) => {
        const summary = await importDocument(db, doc, {
          clock: frozenClock(new Date(task.nowMs)),
          log: (msg) => logs.push(msg),
          platform: {
            organization: task.machine.organizationSlug,
            secrets: secretBox(Buffer.from(task.secretsKey)),
          },
          inTransaction: record && ((tx, done) => record(tx, { counts: done.counts })),
        });
        return { counts: summary.counts };
      },
    );
    return { logs, answer };
  } catch (error) {
    if (error instanceof ImportError) return { logs, refusal: importRefusal(error) };
    if (error instanceof AppError) return { logs, refusal: { code: error.code, options: error.options } };
    const { message, stack, code } = error as Error & { code?: string };
    return { logs, failure: { message, stack, code } };
  } finally {
    await pool.end();
  }
}

/**
 * The body as the import format reads it: JSON (Fastify's parser's rules, so text that is not JSON is the same
 * 400 error.validation as on every call), of the platform document's shape, with no U+0000 in any text, each
 * refusal in the import format's words (ImportError).
 */
function readDocument(body: Uint8Array | undefined): unknown {
  if (body === undefined || body.byteLength === 0) return checkImportDocument(undefined);
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  let doc: unknown;
  try {
    doc = parseJsonText(text);
  } catch {
    throw new AppError('error.validation', { fieldErrors: [] });
  }
  // JSON can only carry U+0000 escaped; the walk runs only when the escape is in the text.
  const nul = /\\u0000/i.test(text) ? findNul(doc, []) : undefined;
  if (nul) throw nulInDocument(nul);
  // A body of the wrong shape (not an object, a kind that is not a list, an unknown kind) is refused by the
  // importer's own check, with the import format's words rather than a bare error.validation.
  if (!platformImportBodySchema.safeParse(doc).success) checkImportDocument(doc);
  return doc;
}

/** U+0000, which no text of the portal may hold, where the document has it: a value, or a key of an entry. */
function nulInDocument({ path, key }: NulAt): ImportError {
  const reason = 'holds the character U+0000, which the portal cannot store';
  return key === undefined
    ? ImportError.at(path, `validation.invalid: the text ${reason}`, 'validation.invalid')
    : ImportError.at(
        path,
        `the key ${JSON.stringify(key)} ${reason} (validation.invalid)`,
        'validation.invalid',
      );
}

/**
 * The importer's refusal as the one error body: the entry's JSON path in `fieldErrors` with the catalogue key
 * of the reason where it has one, and the operator's whole line (path and reason) in `error_description`.
 */
function importRefusal(error: ImportError): { code: ErrorCode; options: AppError['options'] } {
  const fieldErrors: FieldError[] = [{ field: error.path, message: error.key }];
  return { code: 'error.import.invalid', options: { fieldErrors, description: error.message } };
}
