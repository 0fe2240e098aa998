import type { CreditSortKey, SortDirection } from '@portal/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { credits } from '../../db/schema';

/** Each sort key of the contract on its column; each has a partial index (pp, column, id) for AVAILABLE. */
const sortColumns = {
  nfNumber: credits.nfNumber,
  nfSerial: credits.nfSerial,
  'importedDocuments.buyer.name': credits.buyerName,
  installmentNumber: credits.installmentNumber,
  expireDate: credits.expireDate,
  value: credits.originalValueCents,
  'creditEstimate.total': credits.anticipationCents,
} satisfies Record<CreditSortKey, AnyPgColumn>;

export type PageQuery = {
  programProviderId: number;
  key: CreditSortKey;
  direction: SortDirection;
  offset: number;
  size: number;
  /** The program provider's AVAILABLE credits (kept by triggers), to walk a late page from the end. */
  total: number;
};

/**
 * A page of AVAILABLE credits in `key` order, ties by id in the same direction. The page's ids come from an
 * index-only walk of the key's partial index (OFFSET skips index entries, not table rows), then only the
 * page's own rows are read. A page past the middle is walked from the other end of the index, in the
 * opposite direction, so no page skips more than half of the list.
 */
export async function readCreditPage(db: Executor, query: PageQuery) {
  const { programProviderId, key, direction, offset, size, total } = query;
  if (offset >= total) return [];
  const order = direction === 'asc' ? asc : desc;
  const column = sortColumns[key];
  const limit = Math.min(size, total - offset);
  const fromEnd = offset > total - offset - limit;
  const walk = fromEnd === (direction === 'asc') ? desc : asc;
  const ids = db
    .select({ id: credits.id })
    .from(credits)
    .where(and(eq(credits.programProviderId, programProviderId), eq(credits.status, 'AVAILABLE')))
    .orderBy(walk(column), walk(credits.id))
    .limit(limit)
    .offset(fromEnd ? total - offset - limit : offset)
    .as('page_ids');
  return db
    .select({
      id: credits.id,
      nfNumber: credits.nfNumber,
      nfSerial: credits.nfSerial,
      buyerName: credits.buyerName,
      orderDetail: credits.orderDetail,
      installmentNumber: credits.installmentNumber,
      expireDate: credits.expireDate,
      originalValueCents: credits.originalValueCents,
      kind: credits.kind,
      invoiceUploaded: credits.invoiceUploaded,
    })
    .from(ids)
    .innerJoin(credits, eq(credits.id, ids.id))
    .orderBy(order(column), order(credits.id));
}

export type CreditPageRow = Awaited<ReturnType<typeof readCreditPage>>[number];
