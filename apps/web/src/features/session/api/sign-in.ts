import { useMutation } from '@tanstack/react-query';
import { logIn, logInWithCode } from '../../../lib/session/log-in';

/** The login screen's mutation; the session screens then load the account. */
export function useSignIn() {
  return useMutation({ mutationFn: logIn });
}

/** The login's second step, with a code of the authenticator app or a recovery code. */
export function useSignInWithCode() {
  return useMutation({ mutationFn: logInWithCode });
}
