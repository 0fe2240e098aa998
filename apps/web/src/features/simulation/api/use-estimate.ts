import type { Estimate } from '@portal/contract';
import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { creditsEstimateQueryOptions } from './estimate-credits';
import { providerEstimateQueryOptions } from './estimate-program-provider';

type EstimateQuery = UseQueryOptions<Estimate, Error, Estimate, readonly unknown[]>;

/** PORTAL_SPEC 4: with selected ids, their estimate; with none, every credit of the provider. */
export function useEstimate(providerId: number, creditIds: readonly number[]) {
  const options: EstimateQuery =
    creditIds.length > 0 ? creditsEstimateQueryOptions(creditIds) : providerEstimateQueryOptions(providerId);
  return useQuery(options);
}
