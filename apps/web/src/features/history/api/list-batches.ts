import { type BatchSummary, listBatchesCall, pageDefaults } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export const historyPageSize = pageDefaults.size;

type Input = { providerId: number; page: number; size?: number };

export const listBatches = ({ providerId, page, size = historyPageSize }: Input, signal?: AbortSignal) =>
  callApi(listBatchesCall, { query: { programProviderId: providerId, page, size }, signal });

/** One page of the company's requests in a program, newest first. */
export const batchesQueryOptions = (providerId: number, page: number) =>
  queryOptions({
    queryKey: ['batches', providerId, page],
    queryFn: ({ signal }) => listBatches({ providerId, page }, signal),
    placeholderData: keepPreviousData,
  });

export function useBatches(providerId: number, page: number) {
  return useQuery(batchesQueryOptions(providerId, page));
}

/** Every request of the program (pages of 100), for the CSV export. */
export async function listAllBatches(providerId: number): Promise<BatchSummary[]> {
  const all: BatchSummary[] = [];
  for (let page = 0; ; page += 1) {
    const result = await listBatches({ providerId, page, size: pageDefaults.maxSize });
    all.push(...result.content);
    if (result.last) return all;
  }
}
