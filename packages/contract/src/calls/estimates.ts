import { z } from 'zod';
import { defineCall } from '../define-call';
import { idParamSchema, idSchema, isoDateSchema, moneySchema, timeSchema } from '../primitives';
import { msg } from '../validation-messages';
import { creditIdsSchema } from './credits';

const tag = 'estimates';

/**
 * One priced credit (docs/product/pricing-and-eligibility.md#credit-price); every amount rounded once, to the
 * centavo.
 */
export const creditEstimateSchema = z.object({
  id: idSchema,
  nfNumber: z.string(),
  nfSerial: z.string(),
  installmentNumber: z.number().int(),
  expireDate: isoDateSchema,
  originalValue: moneySchema,
  /** investorDiscount + platformFee. */
  discount: moneySchema,
  investorDiscount: moneySchema,
  platformFee: moneySchema,
  dailyIof: moneySchema,
  fixedIof: moneySchema,
  bankFee: moneySchema,
  /** What the supplier receives for this credit. */
  anticipation: moneySchema,
  /** Calendar days from the payment date to the (business-day adjusted) due date. */
  days: z.number().int(),
});
export type CreditEstimate = z.infer<typeof creditEstimateSchema>;

/**
 * An offer as a request names it (docs/product/funders.md#pricing): a funder's offer by its id, or `"house"`, the
 * program's own rate.
 */
export const offerChoiceSchema = z.union([z.literal('house'), idSchema], msg('validation.invalid'));
export type OfferChoice = z.infer<typeof offerChoiceSchema>;

/** Who funds at an offer: a funder, or the house (the program's own rate, shown with the buyer's name). */
export const offerFunderSchema = z.object({
  /** The funder's id; null for the house offer. */
  id: idSchema.nullable(),
  name: z.string(),
  house: z.boolean(),
});

/** One offer that can take the whole set now, priced. */
export const pricedOfferSchema = z.object({
  offerId: offerChoiceSchema,
  funder: offerFunderSchema,
  /** Σ anticipation at this offer: what the supplier would receive. */
  total: moneySchema,
  discount: moneySchema,
  effectiveMonthlyCost: z.number().nullable(),
  /** The distinct monthly rates its bands price this set at (decimal fraction strings). */
  monthlyRates: z.array(z.string()),
});
export type PricedOffer = z.infer<typeof pricedOfferSchema>;

export const estimateSchema = z.object({
  /** The payment date: daysToPay business days after today. */
  date: isoDateSchema,
  /** Σ anticipation: the net amount. */
  total: moneySchema,
  /** Σ original values. */
  value: moneySchema,
  /** Σ discount (investor + platform). */
  discount: moneySchema,
  /** Σ bank fees. */
  fees: moneySchema,
  /** Σ (daily + fixed) IOF. */
  iof: moneySchema,
  /** Σ(V·n) / ΣV in days, not rounded. */
  averageTimeframe: z.number().min(0),
  /**
   * (ΣV / Σanticipation)^(30/averageTimeframe) − 1 as a fraction (0.0153 = 1.53 % a month), the figure
   * suppliers compare across offers; null when it is not defined (nothing to receive, or no days).
   */
  effectiveMonthlyCost: z.number().nullable(),
  daysToPay: z.number().int().min(0),
  /** HH:mm; confirmation is disabled after it. */
  anticipationMaxTime: timeSchema,
  creditEstimates: z.array(creditEstimateSchema),
  /** The offer these figures are priced at: the best (highest total) unless the call named one. */
  offerId: offerChoiceSchema,
  funder: offerFunderSchema,
  /**
   * Every offer that can take the whole set now (valid, its bands covering each credit, room left today), best
   * first: highest total; on a tie, the older offer first and the house offer last.
   */
  offers: z.array(pricedOfferSchema),
  programFinancial: z.object({
    active: z.boolean(),
    financialConfiguration: z.object({
      /** The program's session term, HTML. */
      sessionTerm: z.string().nullable(),
    }),
  }),
});
export type Estimate = z.infer<typeof estimateSchema>;

/**
 * Credits not AVAILABLE or not the company's answer 400 error.credit.notfound; credits of another or of
 * several program providers error.request.wrongProvider, error.request.multiplePrograms; a credit too close
 * to its due date to be advanced (or whose costs exceed its value) error.credit.invalid, with the id of each
 * such credit as a `field` of fieldErrors. After the day's window closes, the estimate is that of a request
 * taken the next opening day.
 */
/**
 * `?offerId=` prices the set at that offer (a funder's offer id, or `house`): 409 error.offer.unavailable when it
 * cannot take it (replaced, withdrawn, expired, out of room, not covering a credit). Without it, the best.
 */
const offerQuerySchema = z.object({
  offerId: z
    .preprocess(
      (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
      offerChoiceSchema,
    )
    .optional(),
});

export const estimateCreditsCall = defineCall({
  method: 'PUT',
  path: '/api/webapp/estimates/request',
  auth: 'provider',
  tag,
  summary: 'Price the chosen credits',
  querystring: offerQuerySchema,
  body: creditIdsSchema,
  response: estimateSchema,
});

export const estimateProgramProviderCall = defineCall({
  method: 'PUT',
  path: '/api/webapp/estimates/programProvider/:id/request',
  auth: 'provider',
  tag,
  summary: 'Price every credit of a program provider that can be advanced now',
  params: z.object({ id: idParamSchema }),
  querystring: offerQuerySchema,
  response: estimateSchema,
});
