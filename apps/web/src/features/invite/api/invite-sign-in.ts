import { useMutation } from '@tanstack/react-query';
import { logIn } from '../../../lib/session/log-in';

/**
 * "Start use" after an accepted invite: logs in so the portal opens logged in. The browser leaves for
 * /invite-redirect whatever the answer, so a failure shows nothing.
 */
export function useInviteSignIn() {
  return useMutation({ mutationFn: logIn, meta: { display: 'IGNORED' } });
}
