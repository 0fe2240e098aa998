import { changePasswordCall, type PasswordChange } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export const changePassword = (body: PasswordChange) => callApi(changePasswordCall, { body });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
