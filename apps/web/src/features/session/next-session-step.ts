import type { Account, Terms } from '@portal/contract';

export type SessionStep = 'wait' | 'twoFactor' | 'giroApi' | 'acceptTerms' | 'dashboard';

/**
 * Whether the account must enrol a second factor before anything else: its organization requires one and it
 * has none (docs/product/account-security.md#forced-enrolment). The API answers such a user 403
 * error.user.twoFactorRequired to every call but the account, the enrolment and logout, so the app asks for
 * nothing else either.
 */
export function needsEnrolment(account: Account | undefined): boolean {
  return account?.twoFactorRequired === true && !account.twoFactorEnabled;
}

/**
 * Where a fresh session goes (docs/product/screens-and-routes.md#session-flow): a user whose organization
 * requires a second factor they have not enrolled to /two-factor first; a user without ROLE_PROVIDER to
 * /giro-api as soon as the account is known; otherwise, once the terms are known too, /dashboard or
 * /accept-terms-of-use.
 */
export function nextSessionStep(account: Account | undefined, terms: Terms | undefined): SessionStep {
  if (!account) return 'wait';
  if (needsEnrolment(account)) return 'twoFactor';
  if (!account.authorities.includes('ROLE_PROVIDER')) return 'giroApi';
  if (!terms) return 'wait';
  return terms.acceptedTerms ? 'dashboard' : 'acceptTerms';
}

/**
 * Whether the session has a default company to load: an activated provider past the terms. The provider layout
 * loads it on this rule, and the routes' prefetch (app/route-data.ts) asks for it on the same one, so a user who
 * cannot have one is never sent a 403 they did not cause.
 */
export function canHaveCompany(account: Account | undefined, terms: Terms | undefined): boolean {
  return nextSessionStep(account, terms) === 'dashboard' && account?.activated === true;
}
