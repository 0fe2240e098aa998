import { getTermsOfUseCall } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export const getTermsOfUse = (signal?: AbortSignal) => callApi(getTermsOfUseCall, { signal });

export const termsOfUseQueryOptions = () =>
  queryOptions({ queryKey: ['terms', 'current'], queryFn: ({ signal }) => getTermsOfUse(signal) });

export function useTermsOfUse() {
  return useQuery(termsOfUseQueryOptions());
}
