import { finishPasswordResetCall, type PasswordReset } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export const finishPasswordReset = (body: PasswordReset) => callApi(finishPasswordResetCall, { body });

export function useFinishPasswordReset() {
  return useMutation({ mutationFn: finishPasswordReset });
}
