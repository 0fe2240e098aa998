import { getOrganizationInfoCall } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export const getOrganizationInfo = (signal?: AbortSignal) => callApi(getOrganizationInfoCall, { signal });

/** Public brand facts; they change rarely, so one load per page visit is enough. */
export const organizationInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['public', 'organization'],
    queryFn: ({ signal }) => getOrganizationInfo(signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { display: 'IGNORED' as const },
  });

export function useOrganizationInfo(enabled = true) {
  return useQuery({ ...organizationInfoQueryOptions(), enabled });
}
