import type { CreditEstimate } from '@portal/contract';

export type EstimateSortKey = Exclude<keyof CreditEstimate, 'id' | 'discount'>;
export type EstimateSort = { key: EstimateSortKey; direction: 'asc' | 'desc' } | null;

/** The same cycle as the invoice list: ascending, descending, none. */
export function nextEstimateSort(current: EstimateSort, key: EstimateSortKey): EstimateSort {
  if (!current || current.key !== key) return { key, direction: 'asc' };
  return current.direction === 'asc' ? { key, direction: 'desc' } : null;
}

const collator = new Intl.Collator(undefined, { numeric: true });

/** The estimate's rows in the chosen order (the server's order, soonest due first, when none); ties by id. */
export function sortEstimateRows(
  rows: readonly CreditEstimate[],
  sort: EstimateSort,
): readonly CreditEstimate[] {
  if (!sort) return rows;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = a[sort.key];
    const right = b[sort.key];
    const order =
      typeof left === 'number' && typeof right === 'number'
        ? left - right
        : collator.compare(String(left), String(right));
    return order === 0 ? a.id - b.id : sign * order;
  });
}
