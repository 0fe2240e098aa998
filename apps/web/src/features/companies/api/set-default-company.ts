import { setDefaultCompanyCall } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';
import { defaultCompanyQueryOptions } from './get-default-company';

export const setDefaultCompany = (id: number) => callApi(setDefaultCompanyCall, { params: { id } });

/**
 * Chooses the company the user acts for. Everything cached was about the previous company, so the answer
 * becomes the default and every other company-scoped query is refetched.
 */
export function useSetDefaultCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultCompany,
    onSuccess: async (company) => {
      queryClient.setQueryData(defaultCompanyQueryOptions().queryKey, company);
      await queryClient.invalidateQueries({
        predicate: (query) =>
          !['session', 'public'].includes(String(query.queryKey[0])) && query.queryKey[1] !== 'default',
      });
    },
  });
}
