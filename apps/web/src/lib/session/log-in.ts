import { issueTokenCall } from '@portal/contract';
import { appConfig } from '../../config/app-config';
import { callApi } from '../api/api-client';
import { setToken } from './session-store';
import { toStoredToken } from './token-storage';

export type Credentials = { email: string; password: string };

/**
 * POST api/oauth/token, form-encoded with the fixed grant, scope, client and device
 * (docs/product/accounts-and-sessions.md#login), then keeps the token with its computed expires_at. The one
 * login of the app: the login screen and the invitation's start-use both go through it.
 */
export async function logIn({ email, password }: Credentials) {
  const token = await callApi(issueTokenCall, {
    body: {
      username: email,
      password,
      grant_type: 'password',
      scope: 'read write',
      client_id: appConfig.oauth.clientId,
      client_secret: appConfig.oauth.clientSecret,
      device: 'web',
    },
  });
  setToken(toStoredToken(token));
  return token;
}
