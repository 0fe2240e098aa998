import { getPortfolioCall } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

/** The chart shows the last 3 months (docs/product/screens-and-routes.md#dashboard). */
export const portfolioMonths = 3;

export const getPortfolio = (months: number, signal?: AbortSignal) =>
  callApi(getPortfolioCall, { query: { months }, signal });

export const portfolioQueryOptions = (months = portfolioMonths) =>
  queryOptions({
    queryKey: ['dashboard', 'portfolio', months],
    queryFn: ({ signal }) => getPortfolio(months, signal),
  });

export function usePortfolio(months = portfolioMonths, enabled = true) {
  return useQuery({ ...portfolioQueryOptions(months), enabled });
}
