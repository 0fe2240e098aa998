import { type InvoiceMediaType, invoiceUpload } from '@portal/contract';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { creditInvoices, credits } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { findCallerProgramProvider } from '../access/caller-access';
import type { AuthenticatedUser } from '../auth/tokens';
import { recordInvoiceUploaded } from '../webhooks/platform-events';
import type { CreditFacts } from './invoice-check';

/**
 * A credit the caller may act on; anything else, existing or not, is the same 404
 * (docs/product/errors.md#status-rules).
 */
export async function findCallerCredit(db: Executor, caller: AuthenticatedUser, creditId: number) {
  const [credit] = await db
    .select({
      id: credits.id,
      programProviderId: credits.programProviderId,
      nfNumber: credits.nfNumber,
      nfSerial: credits.nfSerial,
      installmentNumber: credits.installmentNumber,
      originalValueCents: credits.originalValueCents,
    })
    .from(credits)
    .where(eq(credits.id, creditId));
  if (!credit) throw new AppError('error.notFound');
  const { company, buyer } = await findCallerProgramProvider(db, caller, credit.programProviderId);
  // What an electronic invoice of this credit must say (invoice-check.ts).
  const facts: CreditFacts = {
    supplier: company.identification,
    buyer: buyer.identification,
    nfNumber: credit.nfNumber,
    nfSerial: credit.nfSerial,
    installmentNumber: credit.installmentNumber,
    originalValueCents: credit.originalValueCents,
  };
  return { id: credit.id, facts };
}

export type InvoiceRecord = {
  creditId: number;
  fileName: string;
  storedName: string;
  contentType: InvoiceMediaType;
  size: number;
  sha256: string;
  /** The access key of a checked electronic invoice; null for a PDF, an image or an XML not read. */
  accessKey: string | null;
  uploadedBy: number;
  createdAt: Date;
};

/** 400 error.upload.tooMany when the credit already keeps invoiceUpload.maxPerCredit documents. */
export async function refuseWhenFull(db: Executor, creditId: number) {
  const held = await db.$count(creditInvoices, eq(creditInvoices.creditId, creditId));
  if (held >= invoiceUpload.maxPerCredit) throw new AppError('error.upload.tooMany');
}

/**
 * The document row, the credit's flag and the platform's event move together: a credit never says "uploaded"
 * without a document, nor the platform hears of one that was not kept. The credit's row is locked first, so two
 * uploads at once cannot both take the last place (docs/product/requests.md#service-invoices).
 */
export async function recordCreditInvoice(db: Database, record: InvoiceRecord) {
  return db.transaction(async (tx) => {
    await tx.select({ id: credits.id }).from(credits).where(eq(credits.id, record.creditId)).for('update');
    await refuseWhenFull(tx, record.creditId);
    const [row] = await tx.insert(creditInvoices).values(record).returning({ id: creditInvoices.id });
    await tx.update(credits).set({ invoiceUploaded: true }).where(eq(credits.id, record.creditId));
    await recordInvoiceUploaded(tx, {
      creditId: record.creditId,
      accessKey: record.accessKey,
      contentType: record.contentType,
      now: record.createdAt,
    });
    return row!;
  });
}

/**
 * The access key of each credit's latest checked electronic invoice, by credit id (credits without one are
 * absent). The credit list reads the same inside its page query (credit-page-query.ts).
 */
export async function invoiceKeysOf(
  db: Executor,
  creditIds: readonly number[],
): Promise<Map<number, string>> {
  if (creditIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([creditInvoices.creditId], {
      creditId: creditInvoices.creditId,
      accessKey: creditInvoices.accessKey,
    })
    .from(creditInvoices)
    .where(and(inArray(creditInvoices.creditId, [...creditIds]), isNotNull(creditInvoices.accessKey)))
    .orderBy(creditInvoices.creditId, desc(creditInvoices.id));
  return new Map(rows.map((row) => [row.creditId, row.accessKey!]));
}
