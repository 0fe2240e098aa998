import { getAcceptedTermsCall } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export const getAcceptedTerms = (signal?: AbortSignal) => callApi(getAcceptedTermsCall, { signal });

export const acceptedTermsQueryOptions = () =>
  queryOptions({
    queryKey: ['session', 'accepted-terms'],
    queryFn: ({ signal }) => getAcceptedTerms(signal),
  });

export function useAcceptedTerms(enabled = true) {
  return useQuery({ ...acceptedTermsQueryOptions(), enabled });
}
