import type { Account, Terms } from '@portal/contract';

export type SessionStep = 'wait' | 'giroApi' | 'acceptTerms' | 'dashboard';

/**
 * Where a fresh session goes (docs/product/screens-and-routes.md#session-flow): a user without ROLE_PROVIDER
 * to /giro-api as soon as the account is known; otherwise, once the terms are known too, /dashboard or
 * /accept-terms-of-use.
 */
export function nextSessionStep(account: Account | undefined, terms: Terms | undefined): SessionStep {
  if (!account) return 'wait';
  if (!account.authorities.includes('ROLE_PROVIDER')) return 'giroApi';
  if (!terms) return 'wait';
  return terms.acceptedTerms ? 'dashboard' : 'acceptTerms';
}
