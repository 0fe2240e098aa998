import { type CreditPage, type CreditSort, centsToWire, parseCreditSort } from '@portal/contract';
import type { Database } from '../../db/client';
import type { Background } from '../../lib/background';
import { type CallerProgramProvider, findCallerProgramProvider } from '../access/caller-access';
import type { AuthenticatedUser } from '../auth/tokens';
import { pricingContextOf } from '../pricing/pricing-context';
import { type CreditPageRow, readCreditPage } from './credit-page-query';
import { createCreditPricer, type ListPricing, listPricingOf } from './credit-pricing';
import { isStale } from './credit-repricing';
import { repriceOnce } from './pricing-pass';

/** Without a sort the list shows the soonest due first, as the dashboard does. */
const defaultSort: CreditSort = 'expireDate,asc';

export type ListCreditsInput = {
  caller: AuthenticatedUser;
  programProviderId: number;
  page: number;
  size: number;
  sort?: CreditSort;
  now: Date;
  background: Background;
};

/**
 * A page of the program provider's AVAILABLE credits, priced as of `now` by the estimate's engine.
 *
 * The rows are priced here, so what is shown never depends on the stored prices; those exist so that the
 * database can order by creditEstimate.total. When they are stale (another payment date, other rates, a
 * credit not yet priced) one pass reprices them all: a request ordered by the total waits for it, any other
 * request answers at once and leaves the pass running in the background.
 */
export async function listCredits(db: Database, input: ListCreditsInput): Promise<CreditPage> {
  const found = await findCallerProgramProvider(db, input.caller, input.programProviderId);
  const provider = found.programProvider;
  const query = {
    ...parseCreditSort(input.sort ?? defaultSort),
    programProviderId: provider.id,
    offset: input.page * input.size,
    size: input.size,
    total: provider.availableCredits,
  };
  // The access check read what pricing needs: the page is the one query left.
  const pricing = listPricingOf(pricingContextOf(found, input.now));
  const firstRead = await readCreditPage(db, query);
  let rows = firstRead.rows;
  if (isStale(provider, firstRead.range, pricing)) {
    const pass = repriceOnce(db, provider.id, pricing, input.background);
    if (query.key === 'creditEstimate.total') {
      await pass;
      rows = (await readCreditPage(db, query)).rows;
    } else {
      input.background.run('reprice credits', () => pass);
    }
  }
  return {
    content: toListItems(rows, found, pricing),
    number: input.page,
    size: input.size,
    last: query.offset + input.size >= query.total,
    totalElements: query.total,
  };
}

function toListItems(rows: CreditPageRow[], found: CallerProgramProvider, pricing: ListPricing) {
  const price = createCreditPricer(pricing);
  const requiresServiceInvoice = found.program.requireServiceInvoice;
  return rows.map((row) => {
    const { discountedCents, anticipationCents } = price(row.originalValueCents, row.expireDate);
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
