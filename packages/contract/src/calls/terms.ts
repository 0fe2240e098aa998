import { z } from 'zod';
import { defineCall } from '../define-call';

const tag = 'terms';

/** True when the user accepted the organization's current terms version. */
export const termsSchema = z.object({ acceptedTerms: z.boolean() });
export type Terms = z.infer<typeof termsSchema>;

export const getAcceptedTermsCall = defineCall({
  method: 'GET',
  path: '/api/webapp/accepted-terms',
  auth: 'user',
  // Read with the account on every page load, side by side: a user who must enrol first gets it too.
  duringEnrolment: true,
  tag,
  summary: 'Whether the user accepted the current terms of use',
  response: termsSchema,
});

/** Records the version and the time; answers the new state so the client needs no second call. */
export const acceptTermsCall = defineCall({
  method: 'PUT',
  path: '/api/webapp/accept-terms',
  auth: 'user',
  tag,
  summary: 'Accept the current terms of use',
  response: termsSchema,
});

/** What the terms screen shows: the current version's summary (HTML, sanitised by the client) and the full text's address. */
export const termsOfUseSchema = z.object({
  version: z.string(),
  summaryHtml: z.string(),
  fullUrl: z.string(),
});
export type TermsOfUse = z.infer<typeof termsOfUseSchema>;

export const getTermsOfUseCall = defineCall({
  method: 'GET',
  path: '/api/webapp/terms-of-use',
  auth: 'user',
  tag,
  summary: 'The organization’s current terms of use',
  response: termsOfUseSchema,
});
