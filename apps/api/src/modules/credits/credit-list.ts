import { type CreditPage, type CreditSort, type CreditSortKey, centsToWire, parseCreditSort } from '@portal/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client';
import { credits } from '../../db/schema';
import { type CallerProgramProvider, findCallerProgramProvider } from '../access/caller-access';
import type { AuthenticatedUser } from '../auth/tokens';
import { createCreditPricer, type ListPricing, loadListPricing } from './credit-pricing';
import { isStale, readAvailableState, repriceCredits } from './credit-repricing';

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

/** Without a sort the list shows the soonest due first, as the dashboard does. */
const defaultSort: CreditSort = 'expireDate,asc';

export type ListCreditsInput = {
  caller: AuthenticatedUser;
  programProviderId: number;
  page: number;
  size: number;
  sort?: CreditSort;
  now: Date;
};

/**
 * A page of the program provider's AVAILABLE credits, priced as of `now`. The stored prices are refreshed
 * first when they are not those of today's payment date and rates, so the database can sort by them.
 */
export async function listCredits(db: Database, input: ListCreditsInput): Promise<CreditPage> {
  const found = await findCallerProgramProvider(db, input.caller, input.programProviderId);
  const pricing = await loadListPricing(db, found.program.id, input.now);
  const programProviderId = found.programProvider.id;
  let state = await readAvailableState(db, programProviderId);
  if (isStale(state, found.programProvider.pricingFingerprint, pricing)) {
    await repriceCredits(db, programProviderId, pricing);
    state = await readAvailableState(db, programProviderId);
  }
  const offset = input.page * input.size;
  const rows = offset < state.total ? await readPage(db, programProviderId, { ...input, offset }) : [];
  return {
    content: toListItems(rows, found, pricing),
    number: input.page,
    size: input.size,
    last: offset + input.size >= state.total,
    totalElements: state.total,
  };
}

type PageQuery = { size: number; offset: number; sort?: CreditSort };

/**
 * The page's ids come from an index-only walk of the sort key's partial index (OFFSET skips index entries,
 * not table rows); only the page's own rows are then read from the table.
 */
async function readPage(db: Executor, programProviderId: number, { size, offset, sort }: PageQuery) {
  const { key, direction } = parseCreditSort(sort ?? defaultSort);
  const order = direction === 'asc' ? asc : desc;
  const column = sortColumns[key];
  const ids = db
    .select({ id: credits.id })
    .from(credits)
    .where(and(eq(credits.programProviderId, programProviderId), eq(credits.status, 'AVAILABLE')))
    .orderBy(order(column), order(credits.id))
    .limit(size)
    .offset(offset)
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
      pricedFor: credits.pricedFor,
      discountedCents: credits.discountedCents,
      anticipationCents: credits.anticipationCents,
    })
    .from(ids)
    .innerJoin(credits, eq(credits.id, ids.id))
    .orderBy(order(column), order(credits.id));
}

type PageRow = Awaited<ReturnType<typeof readPage>>[number];

function toListItems(rows: PageRow[], found: CallerProgramProvider, pricing: ListPricing) {
  const price = createCreditPricer(pricing);
  const requiresServiceInvoice = found.program.requireServiceInvoice;
  return rows.map((row) => {
    // A credit that arrived after the pricing pass (an import in between) is priced here, the same way.
    const stored = row.pricedFor === pricing.paymentDate && row.anticipationCents !== null;
    const { discountedCents, anticipationCents } = stored
      ? { discountedCents: row.discountedCents!, anticipationCents: row.anticipationCents! }
      : price(row.originalValueCents, row.expireDate);
    return {
      id: row.id,
      nfNumber: row.nfNumber,
      nfSerial: row.nfSerial,
      buyer: row.buyerName,
      // The inherited data carries the text "null" for "no remark".
      orderDetail: row.orderDetail === null || row.orderDetail === 'null' ? null : row.orderDetail,
      installmentNumber: row.installmentNumber,
      expireDate: row.expireDate,
      originalValue: centsToWire(row.originalValueCents),
      discountedValue: centsToWire(discountedCents),
      anticipationValue: centsToWire(anticipationCents),
      kind: row.kind,
      requiresInvoice: row.kind === 'SERVICE' && requiresServiceInvoice && !row.invoiceUploaded,
      invoiceUploaded: row.invoiceUploaded,
    };
  });
}
