import { useMutation } from '@tanstack/react-query';
import { logIn } from '../../../lib/session/log-in';

/** The login screen's mutation; the session screens take it from the stored token. */
export function useIssueToken() {
  return useMutation({ mutationFn: logIn });
}
