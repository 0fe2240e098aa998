import { issueTokenCall, type LoginForm } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { appConfig } from '../../../config/app-config';
import { callApi } from '../../../lib/api/api-client';
import { setToken } from '../../../lib/session/session-store';
import { toStoredToken } from '../../../lib/session/token-storage';

/** POST api/oauth/token, form-encoded with the fixed grant, scope, client and device (PORTAL_SPEC 7). */
export function issueToken({ email, password }: LoginForm) {
  return callApi(issueTokenCall, {
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
}

/** Logs in and stores the token with its computed expires_at; the session screens take it from there. */
export function useIssueToken() {
  return useMutation({
    mutationFn: issueToken,
    onSuccess: (token) => setToken(toStoredToken(token)),
  });
}
