import { type ImportFile, moneyStringToCents } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { batchCredits, credits } from '../../db/schema';
import { addCounts, chunks, type Counts, excluded, type ImportContext, tally, wasInserted } from './import-context';
import { loadProgramProviders } from './program-providers';

/** Rows per INSERT: ~14 parameters each, far below PostgreSQL's 65,535 per statement. */
const CHUNK = 1_000;

/**
 * Credits by (organization, ref), in multi-row upserts. Each copies its buyer's name (the list sorts by it)
 * and loses its cached price. Two things an import never undoes: the status of a credit held by a live batch
 * (the batch owns it until paid or rejected) and an uploaded invoice.
 */
export async function importCredits(ctx: ImportContext, entries: ImportFile['credits']): Promise<Counts> {
  const started = Date.now();
  const providers = await loadProgramProviders(ctx, entries.map((c) => c.programProvider));
  const rows = entries.map((credit, i) => {
    const provider = providers.find(
      credit.programProvider,
      ['credits', i, 'programProvider'],
      ctx.fileOrganizationOf.programProvider.get(credit.programProvider),
    );
    return {
      organizationId: provider.organizationId,
      ref: credit.ref,
      programProviderId: provider.id,
      nfNumber: credit.nfNumber,
      nfSerial: credit.nfSerial,
      installmentNumber: credit.installmentNumber,
      orderDetail: credit.orderDetail,
      buyerName: provider.buyerName,
      issueDate: credit.issueDate,
      expireDate: credit.expireDate,
      originalValueCents: moneyStringToCents(credit.originalValue),
      kind: credit.kind,
      status: credit.status,
      invoiceUploaded: credit.invoiceUploaded,
    };
  });
  let counts: Counts = { created: 0, updated: 0 };
  for (const chunk of chunks(rows, CHUNK)) {
    const returned = await ctx.tx
      .insert(credits)
      .values(chunk)
      .onConflictDoUpdate({
        target: [credits.organizationId, credits.ref],
        set: {
          ...excluded({
            programProviderId: credits.programProviderId,
            nfNumber: credits.nfNumber,
            nfSerial: credits.nfSerial,
            installmentNumber: credits.installmentNumber,
            orderDetail: credits.orderDetail,
            buyerName: credits.buyerName,
            issueDate: credits.issueDate,
            expireDate: credits.expireDate,
            originalValueCents: credits.originalValueCents,
            kind: credits.kind,
          }),
          status: sql`case when exists (select 1 from ${batchCredits} where ${batchCredits.creditId} = ${credits.id}
            and ${batchCredits.live}) then ${credits.status} else excluded.status end`,
          invoiceUploaded: sql`${credits.invoiceUploaded} or excluded.invoice_uploaded`,
          pricedFor: null,
          discountedCents: null,
          anticipationCents: null,
        },
      })
      .returning({ inserted: wasInserted });
    counts = addCounts(counts, tally(returned));
  }
  if (rows.length > 0) ctx.log(`credits: ${rows.length} in ${Date.now() - started} ms`);
  return counts;
}
