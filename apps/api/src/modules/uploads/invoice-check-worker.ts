import { readFile } from 'node:fs/promises';
import type { FieldError } from '@portal/contract';
import { AppError } from '../../http/app-error';
import { type CreditFacts, checkInvoiceXml } from './invoice-check';

export type InvoiceCheckTask = { path: string; credit: CreditFacts };
/** An AppError does not cross threads (structured clone keeps neither its class nor its code): its parts do. */
export type InvoiceCheckOutcome =
  | { accessKey: string }
  | { refusal: { code: AppError['code']; fieldErrors: FieldError[] | undefined } };

/**
 * The invoice check as a task of the worker-thread pool (invoice-check-pool.ts): the file is read here, so the
 * request's thread never holds it, and parsing, canonicalising and hashing run on this thread.
 */
export default async function checkInvoiceFile({
  path,
  credit,
}: InvoiceCheckTask): Promise<InvoiceCheckOutcome> {
  const bytes = await readFile(path);
  try {
    return checkInvoiceXml(bytes, credit);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { refusal: { code: error.code, fieldErrors: error.options.fieldErrors } };
  }
}
