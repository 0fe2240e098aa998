import { requestPasswordResetCall } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

/** The forgot-password email, sent as plain text (the form the call consumes first). */
export const requestPasswordReset = (email: string) => callApi(requestPasswordResetCall, { body: email });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
