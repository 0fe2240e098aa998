import { issueTokenCall, type TokenRequest } from '@portal/contract';
import { appConfig } from '../../config/app-config';
import { callApi } from '../api/api-client';
import { isApiError } from '../errors/app-error';
import { setToken } from './session-store';
import { toStoredToken } from './token-storage';

export type Credentials = { email: string; password: string };

/** The second step of a login with a second factor: the one-use token of the first and a code. */
export type CodeCredentials = { mfaToken: string; otp: string };

/** What every grant of the web app sends beside its own fields: scope, client and device. */
function clientFields() {
  return {
    scope: 'read write',
    client_id: appConfig.oauth.clientId,
    client_secret: appConfig.oauth.clientSecret,
    device: 'web',
  };
}

async function issueToken(body: TokenRequest) {
  const token = await callApi(issueTokenCall, { body });
  setToken(toStoredToken(token));
  return token;
}

/**
 * POST api/oauth/token, form-encoded with the fixed grant, scope, client and device
 * (docs/product/accounts-and-sessions.md#login), then keeps the token with its computed expires_at. The one
 * login of the app: the login screen and the invitation's start-use both go through it. An account with a
 * second factor answers the right password with 401 error.user.mfaRequired and a one-use token
 * (`mfaTokenOf`), for `logInWithCode`.
 */
export function logIn({ email, password }: Credentials) {
  return issueToken({ username: email, password, grant_type: 'password', ...clientFields() });
}

/**
 * The login's second step (docs/product/account-security.md#login): grant_type=mfa_otp with the token of the
 * mfa_required answer and a code of the authenticator app or a recovery code, the same client as the password
 * grant. A wrong code answers 400 error.user.otpInvalid (the token survives it until it expires); an expired
 * or used token, 400 error.user.mfaTokenInvalid.
 */
export function logInWithCode({ mfaToken, otp }: CodeCredentials) {
  return issueToken({ grant_type: 'mfa_otp', mfa_token: mfaToken, otp, ...clientFields() });
}

/** The one-use token when the login answered that a code is needed; null for any other outcome. */
export function mfaTokenOf(error: unknown): string | null {
  if (!isApiError(error) || error.detail.code !== 'error.user.mfaRequired') return null;
  return error.detail.mfa_token ?? null;
}
