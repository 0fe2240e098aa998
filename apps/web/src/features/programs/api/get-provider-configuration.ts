import { getProgramProviderConfigurationCall } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export const getProviderConfiguration = (programId: number, signal?: AbortSignal) =>
  callApi(getProgramProviderConfigurationCall, { params: { id: programId }, signal });

/** The company's configuration in a program: the HTML that explains why it may not anticipate, or null. */
export const providerConfigurationQueryOptions = (programId: number) =>
  queryOptions({
    queryKey: ['programs', 'configuration', programId],
    queryFn: ({ signal }) => getProviderConfiguration(programId, signal),
  });

export function useProviderConfiguration(programId: number, enabled = true) {
  return useQuery({ ...providerConfigurationQueryOptions(programId), enabled });
}
