import { z } from 'zod';
import { defineCall } from '../define-call';
import {
  companyTypeSchema,
  hexColorSchema,
  identificationSchema,
  idParamSchema,
  idSchema,
  moneySchema,
  percentSchema,
  providerStatusSchema,
  queryIntSchema,
} from '../primitives';

const tag = 'programs';

/** A program as the default company takes part in it. */
export const programSchema = z.object({
  id: idSchema,
  name: z.string(),
  color: hexColorSchema,
  /** The program provider: the company's participation, the id the credit and estimate calls take. */
  providerId: idSchema,
  providerStatus: providerStatusSchema,
  buyerType: companyTypeSchema,
  buyerIdentification: identificationSchema,
  buyerName: z.string(),
  /** Sum of the original values of the credits that can be advanced now (eligible) in this participation. */
  value: moneySchema,
  /** Requesting or cancelling early payment here needs the transaction PIN (docs/product/account-security.md#pin). */
  requirePin: z.boolean(),
  /**
   * The least Σ original value of a set the funders may be asked to bid on (docs/product/auction.md#asking); null
   * when the program admits no funder (there is no one to ask).
   */
  quoteMinimum: moneySchema.nullable(),
});
export type Program = z.infer<typeof programSchema>;

/** No limit lists them all (program selection); the dashboard asks for 3. */
export const programsQuerySchema = z.object({
  limit: queryIntSchema({ min: 1, max: 1000, key: 'validation.limit.invalid' }).optional(),
});

/** Largest available value first; ACTIVATED and INACTIVATED participations, never REMOVED ones. */
export const listMyProgramsCall = defineCall({
  method: 'GET',
  path: '/api/webapp/programs/me/default',
  auth: 'provider',
  tag,
  summary: 'The default company’s programs',
  querystring: programsQuerySchema,
  response: z.array(programSchema),
});

export const programIdParamsSchema = z.object({ id: idParamSchema });

export const providerConfigurationSchema = z.object({
  /** HTML shown when the company may not anticipate in this program; null when it may. */
  providerCanNotAnticipate: z.string().nullable(),
});
export type ProviderConfiguration = z.infer<typeof providerConfigurationSchema>;

export const getProgramProviderConfigurationCall = defineCall({
  method: 'GET',
  path: '/api/webapp/programs/:id/configuration/provider',
  auth: 'provider',
  tag,
  summary: 'The default company’s configuration in a program',
  params: programIdParamsSchema,
  response: providerConfigurationSchema,
});

/**
 * A worked example on R$ 10.000,00 due in 30 days with the program's rates. Every part of the difference has
 * its own field, so originalValue − investorDiscount − platformDiscount − dailyIof − fixedIof − bankFee =
 * anticipationValue, to the centavo.
 */
export const simulationExampleSchema = z.object({
  /** Percent numbers (1.5 = 1.5 %): the monthly discount rate and the platform fee. */
  investorRemuneration: percentSchema,
  platformRemuneration: percentSchema,
  originalValue: moneySchema,
  investorDiscount: moneySchema,
  platformDiscount: moneySchema,
  /** IOF of the example's 30 days, at the daily rate in force today (0 where the program charges none). */
  dailyIof: moneySchema,
  /** IOF charged once per operation, at the rate in force today. */
  fixedIof: moneySchema,
  /** The program's fixed bank fee per credit. */
  bankFee: moneySchema,
  /** What the supplier would receive: originalValue minus every part above. */
  anticipationValue: moneySchema,
});
export type SimulationExample = z.infer<typeof simulationExampleSchema>;

export const getSimulationExampleCall = defineCall({
  method: 'GET',
  path: '/api/webapp/programs/:id/simulation/example',
  auth: 'provider',
  tag,
  summary: 'The fee example of a program',
  params: programIdParamsSchema,
  response: simulationExampleSchema,
});
