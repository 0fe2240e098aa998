import { z } from 'zod';
import { defineCall } from '../define-call';
import { idParamSchema, idSchema, instantSchema, moneySchema, pinSchema, strictBody } from '../primitives';
import { batchResultSchema } from './batches';
import { creditIdsSchema } from './credits';
import { pricedOfferSchema } from './estimates';

/*
 * Ask the funders (docs/product/auction.md): a supplier asks the funders its program admits to bid on a large
 * set of its credits for a few minutes, and takes the best bid as a request.
 */

const tag = 'quotes';

export const quoteStatuses = ['OPEN', 'ACCEPTED', 'EXPIRED'] as const;
export const quoteStatusSchema = z.enum(quoteStatuses);
export type QuoteStatus = z.infer<typeof quoteStatusSchema>;

/** A funder's standing bid on the quote, priced with the program's mode and fees when it was made. */
export const quoteBidSchema = z.object({
  bidId: idSchema,
  funder: z.object({ id: idSchema, name: z.string() }),
  /** One monthly rate for the whole set, a decimal fraction string (`"0.0095"`), as written. */
  monthlyRate: z.string(),
  /** Σ anticipation at that rate: what the supplier would receive. */
  total: moneySchema,
  effectiveMonthlyCost: z.number().nullable(),
});
export type QuoteBid = z.infer<typeof quoteBidSchema>;

export const quoteSchema = z.object({
  id: idSchema,
  status: quoteStatusSchema,
  /** When the funders stop bidding: after it an OPEN quote becomes EXPIRED and its bids are void. */
  closesAt: instantSchema,
  creditIds: z.array(idSchema),
  /** Each funder's current bid, best first (highest total; on a tie the earlier bid). */
  bids: z.array(quoteBidSchema),
});
export type Quote = z.infer<typeof quoteSchema>;

export const quoteDetailSchema = quoteSchema.extend({
  /**
   * The best standing offer for the same credits now, to compare with (the estimate's `offers[0]`); null when
   * none can take them (or they are no longer available).
   */
  bestOffer: pricedOfferSchema.nullable(),
  /** The request made at the accepted bid; null until ACCEPTED. */
  batchId: idSchema.nullable(),
});
export type QuoteDetail = z.infer<typeof quoteDetailSchema>;

const quoteIdParamsSchema = z.object({ id: idParamSchema });

/**
 * The estimate's rules and errors for the set; Σ original value below the program's `quoteMinimum`: 400
 * error.quote.tooSmall; the participation already has an OPEN quote: 409 error.quote.alreadyOpen. The credits
 * stay available.
 */
export const createQuoteCall = defineCall({
  method: 'POST',
  path: '/api/webapp/quotes',
  auth: 'provider',
  tag,
  summary: 'Ask the admitted funders to bid on a set of credits',
  created: true,
  body: strictBody({ creditIds: creditIdsSchema }),
  response: quoteSchema,
});

/** Another company's quote, or none: 404 error.quote.notFound, the same bytes. */
export const getQuoteCall = defineCall({
  method: 'GET',
  path: '/api/webapp/quotes/:id',
  auth: 'provider',
  tag,
  summary: 'A quote with its bids, best first, and the best standing offer',
  params: quoteIdParamsSchema,
  response: quoteDetailSchema,
});

/**
 * The request at that bid, as `POST batches/request` makes one (its checks, PIN, frozen figures, receipt,
 * events); the quote becomes ACCEPTED. Closed (expired or accepted): 409 error.quote.closed; a bid not of this
 * quote (or replaced): 404 error.quote.bidNotFound; a credit no longer available: 409
 * error.quote.creditUnavailable, nothing claimed.
 */
export const acceptQuoteCall = defineCall({
  method: 'POST',
  path: '/api/webapp/quotes/:id/accept',
  auth: 'provider',
  tag,
  summary: 'Request early payment at a bid',
  params: quoteIdParamsSchema,
  body: strictBody({ bidId: idSchema, pin: pinSchema.optional() }),
  response: batchResultSchema,
});
