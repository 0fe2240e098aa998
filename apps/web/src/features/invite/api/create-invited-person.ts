import { createInvitedPersonCall, type PersonCreation } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

type Input = { token: string; body: PersonCreation };

/** POST persons/provider/invite/{token}: creates the user, joins the company, answers the invite status. */
export const createInvitedPerson = ({ token, body }: Input) =>
  callApi(createInvitedPersonCall, { params: { token }, body });

export function useCreateInvitedPerson() {
  return useMutation({ mutationFn: createInvitedPerson });
}
