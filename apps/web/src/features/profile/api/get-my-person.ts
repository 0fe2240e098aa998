import { getMyPersonCall } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export const getMyPerson = (signal?: AbortSignal) => callApi(getMyPersonCall, { signal });

export const myPersonQueryOptions = () =>
  queryOptions({ queryKey: ['persons', 'me'], queryFn: ({ signal }) => getMyPerson(signal) });

export function useMyPerson() {
  return useQuery(myPersonQueryOptions());
}
