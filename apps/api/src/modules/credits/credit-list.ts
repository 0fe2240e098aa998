import { type CreditPage, type CreditSort, centsToWire, parseCreditSort } from '@portal/contract';
import type { Database } from '../../db/client';
import type { Background } from '../../lib/background';
import { type CallerProgramProvider, findCallerProgramProviderWithOffers } from '../access/caller-access';
import type { AuthenticatedUser } from '../auth/tokens';
import { pricingContextOf } from '../pricing/pricing-context';
import { creditFactsOf } from './credit-facts';
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
 * A page of the program provider's eligible AVAILABLE credits (those that can be advanced now), priced as
 * of `now` by the estimate's engine.
 *
 * The rows are priced here, so what is shown never depends on the stored prices; those exist so that the
 * database can order by creditEstimate.total. Keeping them current is the pricing pass's work, in the
 * background (pricing-schedule.ts): no request waits for it. A page that finds them stale (a new payment
 * date, new rates, credits not priced yet) starts a pass in the background and answers at once, ordered by
 * the prices stored so far (the pass writes them chunk by chunk; never-priced credits come last), with
 * figures that are those of an estimate at this instant.
 */
export async function listCredits(db: Database, input: ListCreditsInput): Promise<CreditPage> {
  // The access check also reads what pricing needs, the program's offers included.
  const { found, offers } = await findCallerProgramProviderWithOffers(
    db,
    input.caller,
    input.programProviderId,
    input.now,
  );
  const provider = found.programProvider;
  const pricing = listPricingOf(pricingContextOf(found, input.now), offers);
  const offset = input.page * input.size;
  const page = await readCreditPage(db, {
    ...parseCreditSort(input.sort ?? defaultSort),
    programProviderId: provider.id,
    offset,
    size: input.size,
    eligibleFrom: pricing.context.eligibleFrom,
    total: provider.availableCredits,
  });
  if (isStale(provider, pricing)) {
    input.background.run('reprice credits', () => repriceOnce(db, provider.id, pricing, input.background));
  }
  return {
    content: toListItems(page.rows, found, pricing),
    number: input.page,
    size: input.size,
    last: offset + input.size >= page.total,
    totalElements: page.total,
  };
}

function toListItems(rows: CreditPageRow[], found: CallerProgramProvider, pricing: ListPricing) {
  const price = createCreditPricer(pricing);
  const requiresServiceInvoice = found.program.requireServiceInvoice;
  return rows.map((row) => {
    const { discountedCents, anticipationCents } = price(row.originalValueCents, row.expireDate);
    return Object.assign(creditFactsOf(row), {
      discountedValue: centsToWire(discountedCents),
      anticipationValue: centsToWire(anticipationCents),
      requiresInvoice: row.kind === 'SERVICE' && requiresServiceInvoice && !row.invoiceUploaded,
      invoiceUploaded: row.invoiceUploaded,
      invoiceKey: row.invoiceKey,
    });
  });
}
