import { setPinCall } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export const setPin = (body: { password: string; pin: string }) => callApi(setPinCall, { body });

/** Sets or changes the transaction PIN, the password confirming it (docs/product/account-security.md#pin). */
export function useSetPin() {
  return useMutation({ mutationFn: setPin });
}
