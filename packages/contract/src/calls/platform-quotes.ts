import { z } from 'zod';
import { defineCall } from '../define-call';
import { quoteRequestedDataSchema } from '../platform-events';
import { idParamSchema, idSchema, instantSchema, moneySchema, strictBody } from '../primitives';
import { offerBandSchema } from './platform-offers';
import { quoteStatusSchema } from './quotes';

/*
 * A funder's side of a quote (docs/product/auction.md#funders), with scope `offers:write`, by a funder's client
 * only (a platform client: 403): the quotes its funder was asked to bid on.
 */

const tag = 'platform';

/** One monthly rate for the whole set: a decimal fraction string above 0 and at most 0.2, as an offer's band's. */
export const bidBodySchema = strictBody({ monthlyRate: offerBandSchema.shape.monthlyRate });
export type BidBody = z.infer<typeof bidBodySchema>;

export const bidSchema = z.object({
  bidId: idSchema,
  /** As written, without trailing zeros (`"0.0095"`). */
  monthlyRate: z.string(),
  /** Σ anticipation at that rate with the program's mode and fees: what the supplier would receive, reais. */
  total: moneySchema,
  createdAt: instantSchema,
});
export type Bid = z.infer<typeof bidSchema>;

/** The quote as `quote.requested` told it, where it stands, and the funder's own current bid (null: none). */
export const platformQuoteSchema = quoteRequestedDataSchema.omit({ quoteId: true }).extend({
  id: z.number().int(),
  status: quoteStatusSchema,
  bid: bidSchema.nullable(),
});
export type PlatformQuote = z.infer<typeof platformQuoteSchema>;

/** A quote its funder was not asked about, another organization's, or none: 404 error.quote.notFound. */
export const getPlatformQuoteCall = defineCall({
  method: 'GET',
  path: '/api/platform/v1/quotes/:id',
  auth: 'machine',
  scope: 'offers:write',
  tag,
  summary: 'A quote the funder was asked to bid on',
  params: z.object({ id: idParamSchema }),
  response: platformQuoteSchema,
});

/**
 * 201: the funder's bid, replacing its previous one. Closed (past closesAt, or accepted): 409 error.quote.closed;
 * a quote its funder was not asked about: 404 error.quote.notFound.
 */
export const postBidCall = defineCall({
  method: 'POST',
  path: '/api/platform/v1/quotes/:id/bids',
  auth: 'machine',
  scope: 'offers:write',
  tag,
  summary: 'Bid on a quote (replaces the funder’s previous bid)',
  created: true,
  params: z.object({ id: idParamSchema }),
  body: bidBodySchema,
  response: bidSchema,
});
