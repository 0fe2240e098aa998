import { z } from 'zod';
import { defineCall } from '../define-call';
import { companyTypeSchema, identificationSchema, idParamSchema, idSchema, moneySchema } from '../primitives';

const tag = 'companies';

export const companySchema = z.object({
  id: idSchema,
  name: z.string(),
  type: companyTypeSchema,
  /** Digits only; CPF for INDIVIDUAL, CNPJ for CORPORATION. */
  identification: identificationSchema,
  /**
   * Sum of the original values of the credits that can be advanced now (eligible) in ACTIVATED program
   * providers; 0 for a company that may not anticipate.
   */
  value: moneySchema,
  /** False: the program selection and early payment are closed to it (error.provider.cannotAnticipate). */
  canAnticipate: z.boolean(),
  /**
   * Bank code, branch and account all on file: requests are paid there. False: a request answers
   * error.bankAccount.empty, which the simulation says before the supplier confirms.
   */
  hasBankAccount: z.boolean(),
});
export type Company = z.infer<typeof companySchema>;

/** The companies where the user is an active team member. */
export const listMyCompaniesCall = defineCall({
  method: 'GET',
  path: '/api/webapp/companies/me',
  auth: 'provider',
  tag,
  summary: 'The user’s companies',
  response: z.array(companySchema),
});

/** The first membership when none was chosen; a user without any answers 400 error.user.noCompany. */
export const getDefaultCompanyCall = defineCall({
  method: 'GET',
  path: '/api/webapp/companies/default',
  auth: 'provider',
  tag,
  summary: 'The user’s default company',
  response: companySchema,
});

/** A company the user is not a member of answers 404 error.company.notFound. Answers the new default. */
export const setDefaultCompanyCall = defineCall({
  method: 'PUT',
  path: '/api/webapp/companies/:id/default',
  auth: 'provider',
  tag,
  summary: 'Choose the company the user acts for',
  params: z.object({ id: idParamSchema }),
  response: companySchema,
});
