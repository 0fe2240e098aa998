import { z } from 'zod';
import { defineCall } from '../define-call';
import { idSchema, isoDateSchema, moneySchema, monthSchema, queryIntSchema } from '../primitives';

const tag = 'dashboard';

export const portfolioQuerySchema = z.object({
  /** The chart's period; the dashboard shows the last 3 months. */
  months: queryIntSchema({ min: 1, max: 24, key: 'validation.months.invalid' }).default(3),
});

export const portfolioMonthSchema = z.object({
  month: monthSchema,
  /** Original values of the credits still to receive that fall due in the month. */
  toReceive: moneySchema,
  /** Net amounts of the batches requested in the month. */
  advanced: moneySchema,
});
export type PortfolioMonth = z.infer<typeof portfolioMonthSchema>;

/** One entry per month of the period, oldest first, months without figures included as zeros. */
export const getPortfolioCall = defineCall({
  method: 'GET',
  path: '/api/webapp/portfolio',
  auth: 'provider',
  tag,
  summary: 'To receive versus advanced, per month, for the default company',
  querystring: portfolioQuerySchema,
  response: z.array(portfolioMonthSchema),
});

export const nextCreditsQuerySchema = z.object({
  limit: queryIntSchema({ min: 1, max: 50, key: 'validation.limit.invalid' }).default(5),
});

/** A row of the dashboard's next invoices: enough to show it and to open its program's invoice list. */
export const nextCreditSchema = z.object({
  id: idSchema,
  nfNumber: z.string(),
  /** The buyer's name: the "client" column. */
  buyer: z.string(),
  expireDate: isoDateSchema,
  originalValue: moneySchema,
  programId: idSchema,
  /** The program provider, as `programSchema.providerId`. */
  providerId: idSchema,
});
export type NextCredit = z.infer<typeof nextCreditSchema>;

/** Credits of the company's ACTIVATED participations that can be advanced now, soonest due first. */
export const listNextCreditsCall = defineCall({
  method: 'GET',
  path: '/api/webapp/credits/next',
  auth: 'provider',
  tag,
  summary: 'The default company’s next invoices to fall due',
  querystring: nextCreditsQuerySchema,
  response: z.array(nextCreditSchema),
});
