import { listMyProgramsCall } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export const listMyPrograms = (limit?: number, signal?: AbortSignal) =>
  callApi(listMyProgramsCall, { query: { limit }, signal });

/** The default company's programs, largest available value first; no limit lists them all. */
export const myProgramsQueryOptions = (limit?: number) =>
  queryOptions({
    queryKey: ['programs', 'me', limit ?? 'all'],
    queryFn: ({ signal }) => listMyPrograms(limit, signal),
  });

export function useMyPrograms(limit?: number, enabled = true) {
  return useQuery({ ...myProgramsQueryOptions(limit), enabled });
}
