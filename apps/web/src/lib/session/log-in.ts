import { confirmWebSessionCall, startWebSessionCall } from '@portal/contract';
import { callApi } from '../api/api-client';
import { isApiError } from '../errors/app-error';
import { markSignedIn } from './session-store';

export type Credentials = { email: string; password: string };
/** The second step of a login with a second factor: the one-use token of the first and a code. */
export type CodeCredentials = { mfaToken: string; otp: string };

/**
 * POST api/session (docs/product/accounts-and-sessions.md#web-session): the API checks the password and sets
 * the HttpOnly session cookie; the page keeps nothing but "signed in". The one login of the app: the login
 * screen and the invitation's start-use both go through it. An account with a second factor answers the right
 * password with 401 error.user.mfaRequired and a one-use token (`mfaTokenOf`), for `logInWithCode`.
 */
export async function logIn({ email, password }: Credentials): Promise<void> {
  await callApi(startWebSessionCall, { body: { username: email, password } });
  markSignedIn();
}

/**
 * The login's second step (docs/product/account-security.md#login): the token of the mfa_required answer and a
 * code of the authenticator app or a recovery code. A wrong code answers 400 error.user.otpInvalid (the token
 * survives it until it expires); an expired or used token, 400 error.user.mfaTokenInvalid.
 */
export async function logInWithCode({ mfaToken, otp }: CodeCredentials): Promise<void> {
  await callApi(confirmWebSessionCall, { body: { mfaToken, otp } });
  markSignedIn();
}

/** The one-use token when the login answered that a code is needed; null for any other outcome. */
export function mfaTokenOf(error: unknown): string | null {
  if (!isApiError(error) || error.detail.code !== 'error.user.mfaRequired') return null;
  return error.detail.mfa_token ?? null;
}
