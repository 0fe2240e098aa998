import type { quoteRequestedDataSchema } from '@portal/contract';
import { centsToWire } from '@portal/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor, Tx } from '../../db/client';
import {
  buyers,
  companies,
  credits,
  programFunders,
  programProviders,
  programs,
  quoteFunders,
} from '../../db/schema';
import { AppError } from '../../http/app-error';
import { idArray } from '../estimates/caller-credits';
import { recordFunderEvents } from '../webhooks/platform-events';
import type { QuoteRow } from './quote-rows';

/*
 * What the funders hear of a quote (docs/product/auction.md#events): each admitted funder, alone, that it was
 * asked (`quote.requested`); the funders that lost, that it closed (`quote.closed`, never the winning rate).
 */

export type QuoteFacts = z.infer<typeof quoteRequestedDataSchema>;

/** The quote as a funder is told of it: program, buyer, supplier, the credits' refs, values and due dates. */
export async function quoteFacts(db: Executor, quote: QuoteRow): Promise<QuoteFacts> {
  const [party] = await db
    .select({
      programRef: programs.ref,
      programName: programs.name,
      buyerName: buyers.name,
      buyerIdentification: buyers.identification,
      supplierName: companies.name,
      supplierIdentification: companies.identification,
    })
    .from(programProviders)
    .innerJoin(programs, eq(programs.id, programProviders.programId))
    .innerJoin(buyers, eq(buyers.id, programs.buyerId))
    .innerJoin(companies, eq(companies.id, programProviders.companyId))
    .where(eq(programProviders.id, quote.programProviderId));
  const rows = await db
    .select({
      ref: credits.ref,
      originalValueCents: credits.originalValueCents,
      expireDate: credits.expireDate,
    })
    .from(credits)
    .where(sql`${credits.id} = any(${idArray(quote.creditIds)})`)
    .orderBy(asc(credits.expireDate), asc(credits.ref));
  return {
    quoteId: quote.id,
    program: { ref: party!.programRef, name: party!.programName },
    buyer: { name: party!.buyerName, identification: party!.buyerIdentification },
    supplier: { name: party!.supplierName, identification: party!.supplierIdentification },
    credits: rows.map((row) => ({
      ref: row.ref,
      originalValue: centsToWire(row.originalValueCents),
      expireDate: row.expireDate,
    })),
    closesAt: quote.closesAt.toISOString(),
  };
}

/**
 * In the quote's own transaction: its audience (the funders the program admits now) and `quote.requested` to
 * each of them. A program that admits none has no one to ask: 400 error.quote.noFunders, and the transaction
 * that stored the quote rolls back.
 */
export async function announceQuote(tx: Tx, quote: QuoteRow, programId: number, now: Date): Promise<void> {
  const admitted = await tx
    .select({ funderId: programFunders.funderId })
    .from(programFunders)
    .where(eq(programFunders.programId, programId))
    .orderBy(asc(programFunders.funderId));
  if (admitted.length === 0) throw new AppError('error.quote.noFunders');
  await tx.insert(quoteFunders).values(admitted.map(({ funderId }) => ({ quoteId: quote.id, funderId })));
  await recordFunderEvents(tx, {
    organizationId: quote.organizationId,
    funderIds: admitted.map((row) => row.funderId),
    type: 'quote.requested',
    data: await quoteFacts(tx, quote),
    now,
  });
}

/** `quote.closed` to the quote's audience but `except` (the winner, who hears `batch.requested`). */
export async function announceClose(
  tx: Tx,
  quote: Pick<QuoteRow, 'id' | 'organizationId'>,
  status: 'ACCEPTED' | 'EXPIRED',
  now: Date,
  except?: number,
): Promise<void> {
  const audience = await tx
    .select({ funderId: quoteFunders.funderId })
    .from(quoteFunders)
    .where(eq(quoteFunders.quoteId, quote.id))
    .orderBy(asc(quoteFunders.funderId));
  const funderIds = audience.map((row) => row.funderId).filter((id) => id !== except);
  if (funderIds.length === 0) return;
  await recordFunderEvents(tx, {
    organizationId: quote.organizationId,
    funderIds,
    type: 'quote.closed',
    data: { quoteId: quote.id, status },
    now,
  });
}
