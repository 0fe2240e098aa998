import { z } from 'zod';
import { defineCall } from '../define-call';
import { quoteRequestedDataSchema } from '../platform-events';
import { idParamSchema } from '../primitives';
import { quoteStatusSchema } from './quotes';

/*
 * A funder's side of a quote (docs/product/auction.md#funders), with scope `offers:write`, by a funder's client
 * only (a platform client: 403): the quotes its funder was asked to bid on.
 */

const tag = 'platform';

/** The quote as `quote.requested` told it, and where it stands. */
export const platformQuoteSchema = quoteRequestedDataSchema.omit({ quoteId: true }).extend({
  id: z.number().int(),
  status: quoteStatusSchema,
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
