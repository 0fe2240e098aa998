import {
  disableTwoFactorCall,
  enableTwoFactorCall,
  setUpTwoFactorCall,
  type TwoFactorSetup,
} from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';
import { sessionsQueryOptions } from './sessions';

export type { TwoFactorSetup };

export const setUpTwoFactor = (body: { password: string }) => callApi(setUpTwoFactorCall, { body });

export const enableTwoFactor = (body: { code: string }) => callApi(enableTwoFactorCall, { body });

export const disableTwoFactor = (body: { password: string; code: string }) =>
  callApi(disableTwoFactorCall, { body });

/**
 * The enrolment's calls (docs/product/account-security.md#second-factor): a pending secret and its QR code for
 * the password, then the factor on for a code of the app, answering the recovery codes once. What the account
 * says about the factor is the caller's to refresh (the forced enrolment must show the codes before the
 * session moves on).
 */
export function useSetUpTwoFactor() {
  return useMutation({ mutationFn: setUpTwoFactor });
}

/** Turning the factor on ends the user's other sessions: the sessions list is read again. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}

export function useDisableTwoFactor() {
  return useMutation({ mutationFn: disableTwoFactor });
}
