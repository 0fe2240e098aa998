import { getSimulationExampleCall } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export const getSimulationExample = (programId: number, signal?: AbortSignal) =>
  callApi(getSimulationExampleCall, { params: { id: programId }, signal });

/** The fee example of a program: R$ 10.000,00 due in 30 days at its rates. */
export const simulationExampleQueryOptions = (programId: number) =>
  queryOptions({
    queryKey: ['programs', 'example', programId],
    queryFn: ({ signal }) => getSimulationExample(programId, signal),
  });

export function useSimulationExample(programId: number, enabled: boolean) {
  return useQuery({ ...simulationExampleQueryOptions(programId), enabled });
}
