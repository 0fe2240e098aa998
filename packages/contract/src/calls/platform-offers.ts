import { z } from 'zod';
import { defineCall, emptyResponseSchema } from '../define-call';
import { moneyStringSchema, moneyStringToCents, rateStringSchema } from '../money';
import { idSchema, instantSchema, strictBody, textSchema } from '../primitives';
import { msg, requiredOr } from '../validation-messages';

/*
 * A funder's standing offers (docs/product/funders.md#offers), with scope `offers:write`, by a funder's client
 * only: one current offer per program that admits the funder.
 */

const tag = 'platform';

/** The most bands one offer has. */
export const offerBandsMax = 20;
/** The dearest monthly rate an offer may ask (20 % a month), as a rate string's value. */
export const offerRateMax = '0.2';

const rateValue = (rate: string) => Number(rate);

export const offerBandSchema = strictBody({
  /** The band covers credits due up to this many days after the payment date (and after the previous band's). */
  upToDays: z
    .number(msg('validation.invalid'))
    .int(msg('validation.invalid'))
    .min(1, msg('validation.invalid'))
    .max(3650, msg('validation.invalid')),
  /** The monthly discount rate, a decimal fraction as a string (`"0.0110"` = 1.1 % a month), above 0 and at most 0.2. */
  monthlyRate: rateStringSchema.refine(
    // A rate that is not one is reported by its format alone.
    (rate) =>
      !rateStringSchema.safeParse(rate).success ||
      (rateValue(rate) > 0 && rateValue(rate) <= rateValue(offerRateMax)),
    msg('validation.offer.rateOutOfRange'),
  ),
});

export const offerBodySchema = strictBody({
  /** Strictly increasing `upToDays`; a credit due past the last band is not funded by this offer. */
  bands: z
    .array(offerBandSchema, requiredOr('validation.invalid'))
    .min(1, msg('validation.required'))
    .max(offerBandsMax, msg('validation.invalid'))
    .superRefine((bands, ctx) => {
      bands.forEach((band, i) => {
        const previous = bands[i - 1];
        if (previous && band.upToDays <= previous.upToDays)
          ctx.addIssue({
            code: 'custom',
            message: 'validation.offer.bandsNotIncreasing',
            path: [i, 'upToDays'],
          });
      });
    }),
  /** What the funder funds in this program in one business day, in reais as a decimal string (`"250000.00"`). */
  dailyCapacity: moneyStringSchema.refine(
    (money) => !moneyStringSchema.safeParse(money).success || moneyStringToCents(money) > 0n,
    msg('validation.money.invalid'),
  ),
  /** When the offer stops being offered; null (or absent) for no end. */
  validUntil: instantSchema.nullable().default(null),
});
export type OfferBody = z.input<typeof offerBodySchema>;

export const offerSchema = z.object({
  /** A new id for every PUT: a request names exactly the offer it was priced with. */
  id: idSchema,
  programRef: z.string(),
  bands: z.array(z.object({ upToDays: z.number().int(), monthlyRate: z.string() })),
  dailyCapacity: z.string(),
  validUntil: instantSchema.nullable(),
  createdAt: instantSchema,
  /**
   * The original values of the requests this funder funds in the program on the current business day (REQUESTED
   * and PAID), in reais as a decimal string: what of `dailyCapacity` is taken.
   */
  usedToday: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;

const programRefParamsSchema = z.object({ programRef: textSchema(100) });

/** A program that does not admit the funder, or of another organization, or none: 404 error.program.notFound. */
export const putOfferCall = defineCall({
  method: 'PUT',
  path: '/api/platform/v1/offers/:programRef',
  auth: 'machine',
  scope: 'offers:write',
  tag,
  summary: 'Post the funder’s offer in a program (a new offer; the previous one stops at once)',
  params: programRefParamsSchema,
  body: offerBodySchema,
  response: offerSchema,
});

/** Withdraws the current offer at once (204); none: 404 error.offer.notFound. */
export const deleteOfferCall = defineCall({
  method: 'DELETE',
  path: '/api/platform/v1/offers/:programRef',
  auth: 'machine',
  scope: 'offers:write',
  tag,
  summary: 'Withdraw the funder’s offer in a program',
  params: programRefParamsSchema,
  response: emptyResponseSchema,
});

export const listOffersCall = defineCall({
  method: 'GET',
  path: '/api/platform/v1/offers',
  auth: 'machine',
  scope: 'offers:write',
  tag,
  summary: 'The funder’s current offers, with what each has taken today',
  response: z.object({ content: z.array(offerSchema) }),
});
