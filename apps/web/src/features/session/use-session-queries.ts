import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { isApiError } from '../../lib/errors/app-error';
import { clearSession, useHasSession } from '../../lib/session/session-store';
import { useAcceptedTerms } from './api/get-accepted-terms';
import { useAccount } from './api/get-account';
import { nextSessionStep } from './next-session-step';

/**
 * A 400 or 500 while loading the account or the terms ends the session
 * (docs/product/screens-and-routes.md#session-flow).
 */
function isSessionLoadFailure(error: unknown): boolean {
  return isApiError(error) && (error.detail.httpStatus === 400 || error.detail.httpStatus >= 500);
}

/**
 * The account and the accepted terms of the session, loaded side by side (the API answers both during a
 * forced enrolment), with the session rule for their failures: forget the session and return to / (the error stays
 * on screen across that navigation).
 */
export function useSessionQueries() {
  const hasSession = useHasSession();
  const navigate = useNavigate();
  const account = useAccount(hasSession);
  const terms = useAcceptedTerms(hasSession);
  const failure = [account.error, terms.error].find(isSessionLoadFailure);

  useEffect(() => {
    if (!failure) return;
    clearSession();
    navigate(paths.login, { replace: true, state: { keepErrors: true } });
  }, [failure, navigate]);

  return {
    hasSession,
    account,
    terms,
    step: nextSessionStep(account.data, terms.data),
    isProvider: account.data?.authorities.includes('ROLE_PROVIDER') ?? false,
  };
}
