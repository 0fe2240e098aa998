import { type EmailCheck, validateInviteEmailCall } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

/** POST users/email/validate: whether the new email is already registered (`exists`). */
export const validateInviteEmail = (body: EmailCheck) => callApi(validateInviteEmailCall, { body });

export function useValidateInviteEmail() {
  return useMutation({ mutationFn: validateInviteEmail });
}
