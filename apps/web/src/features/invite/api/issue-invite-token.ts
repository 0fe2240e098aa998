import { issueTokenCall } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { appConfig } from '../../../config/app-config';
import { callApi } from '../../../lib/api/api-client';
import { setToken } from '../../../lib/session/session-store';
import { toStoredToken } from '../../../lib/session/token-storage';

type Credentials = { email: string; password: string };

/** POST api/oauth/token with the new user's credentials, as the login does (PORTAL_SPEC 7). */
export const issueInviteToken = ({ email, password }: Credentials) =>
  callApi(issueTokenCall, {
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

/**
 * "Start use" after an accepted invite: logs in and keeps the token in the session storage, so the portal
 * opens logged in. The browser leaves for /invite-redirect whatever the answer, so a failure shows nothing.
 */
export function useIssueInviteToken() {
  return useMutation({
    mutationFn: issueInviteToken,
    onSuccess: (token) => setToken(toStoredToken(token)),
    meta: { display: 'IGNORED' },
  });
}
