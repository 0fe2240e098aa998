import { z } from 'zod';
import { defineCall } from '../define-call';
import { pageQueryShape, pageSchema } from '../page';
import { creditKindSchema, idParamSchema, idSchema, isoDateSchema, limits, moneySchema } from '../primitives';
import { msg } from '../validation-messages';

const tag = 'credits';

/**
 * Server-side sort keys of the credit list (docs/product/calls.md#sort-keys), in the inherited Spring naming.
 */
export const creditSortKeySchema = z.enum([
  'nfNumber',
  'nfSerial',
  'importedDocuments.buyer.name',
  'installmentNumber',
  'expireDate',
  'value',
  'creditEstimate.total',
]);
export type CreditSortKey = z.infer<typeof creditSortKeySchema>;

export const sortDirectionSchema = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof sortDirectionSchema>;

/** `key,asc` or `key,desc`; anything else is a validation error, not a silently ignored sort. */
export const creditSortSchema = z.templateLiteral(
  [creditSortKeySchema, ',', sortDirectionSchema],
  msg('validation.sort.invalid'),
);
export type CreditSort = z.infer<typeof creditSortSchema>;

export function parseCreditSort(sort: CreditSort): { key: CreditSortKey; direction: SortDirection } {
  const comma = sort.lastIndexOf(',');
  return {
    key: creditSortKeySchema.parse(sort.slice(0, comma)),
    direction: sortDirectionSchema.parse(sort.slice(comma + 1)),
  };
}

export const creditsQuerySchema = z.object({ ...pageQueryShape, sort: creditSortSchema.optional() });

export const creditSchema = z.object({
  id: idSchema,
  nfNumber: z.string(),
  nfSerial: z.string(),
  /** The buyer's name. */
  buyer: z.string(),
  /** Free remark of the order; null when none. */
  orderDetail: z.string().nullable(),
  installmentNumber: z.number().int(),
  expireDate: isoDateSchema,
  originalValue: moneySchema,
  /** Priced as of now with the estimate's engine: the total discount and what the supplier would receive. */
  discountedValue: moneySchema,
  anticipationValue: moneySchema,
  kind: creditKindSchema,
  /** True when this credit cannot be requested until its invoice document is uploaded. */
  requiresInvoice: z.boolean(),
  invoiceUploaded: z.boolean(),
  /** The 44-character access key of the electronic invoice accepted for it (NF-e XML); null otherwise. */
  invoiceKey: z.string().nullable(),
});
export type Credit = z.infer<typeof creditSchema>;

export const creditPageSchema = pageSchema(creditSchema);
export type CreditPage = z.infer<typeof creditPageSchema>;

/**
 * The credits of a program provider that can be advanced now: AVAILABLE and due at least the program's
 * minDaysToMaturity days after the payment date of a request made now. Ties broken by id.
 */
export const listCreditsCall = defineCall({
  method: 'GET',
  path: '/api/webapp/credits/programProvider/:programProviderId',
  auth: 'provider',
  tag,
  summary: 'A page of the credits open for early payment',
  params: z.object({ programProviderId: idParamSchema }),
  querystring: creditsQuerySchema,
  response: creditPageSchema,
});

/**
 * Why a credit of the supplier cannot be advanced, as the message key the screens translate
 * (docs/product/pricing-and-eligibility.md#not-available): AVAILABLE but too close to its due date, or taken
 * back by the buyer (UNAVAILABLE).
 */
export const creditReasonSchema = z.enum(['credit.reason.dueTooSoon', 'credit.reason.withdrawn']);
export type CreditReason = z.infer<typeof creditReasonSchema>;

/** A credit that cannot be advanced: the list item's facts without a price (there is none to offer), and why. */
export const unavailableCreditSchema = creditSchema
  .pick({
    id: true,
    nfNumber: true,
    nfSerial: true,
    buyer: true,
    orderDetail: true,
    installmentNumber: true,
    expireDate: true,
    originalValue: true,
    kind: true,
  })
  .extend({ reason: creditReasonSchema });
export type UnavailableCredit = z.infer<typeof unavailableCreditSchema>;

/** No count: `last` says whether a page follows (the list is short; counting it would cost a second scan). */
export const unavailableCreditPageSchema = z.object({
  content: z.array(unavailableCreditSchema),
  number: z.number().int().min(0),
  last: z.boolean(),
});
export type UnavailableCreditPage = z.infer<typeof unavailableCreditPageSchema>;

/**
 * The program provider's credits that cannot be advanced now, with the reason: AVAILABLE ones due too soon
 * (the credit list's eligibility rule, the other side of it) and withdrawn ones. By due date, then id.
 */
export const listUnavailableCreditsCall = defineCall({
  method: 'GET',
  path: '/api/webapp/credits/programProvider/:programProviderId/unavailable',
  auth: 'provider',
  tag,
  summary: 'A page of the credits that cannot be advanced now, with the reason',
  params: z.object({ programProviderId: idParamSchema }),
  querystring: z.object(pageQueryShape),
  response: unavailableCreditPageSchema,
});

/** Bodies of the estimate and batch requests: the chosen credit ids, each once. */
export const creditIdsSchema = z
  .array(idSchema, msg('validation.ids.required'))
  .min(1, msg('validation.ids.required'))
  .max(limits.creditIdsMax, msg('validation.ids.max'))
  .refine((ids) => new Set(ids).size === ids.length, msg('validation.ids.duplicate'));
