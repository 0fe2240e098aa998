import {
  type CreditSort,
  type CreditSortKey,
  creditSortSchema,
  parseCreditSort,
  type SortDirection,
} from '@portal/contract';

/** A column's server-side sort; null is the list's own order (soonest due first). */
export type SortState = { key: CreditSortKey; direction: SortDirection } | null;

/**
 * A column cycles ascending, descending, none; another column starts ascending
 * (docs/product/screens-and-routes.md#invoice-selection).
 */
export function nextSort(current: SortState, key: CreditSortKey): SortState {
  if (!current || current.key !== key) return { key, direction: 'asc' };
  return current.direction === 'asc' ? { key, direction: 'desc' } : null;
}

export function toSortParam(sort: SortState): CreditSort | undefined {
  return sort ? `${sort.key},${sort.direction}` : undefined;
}

/** The sort kept in the URL (`?sort=expireDate,desc`); anything unknown is no sort. */
export function parseSortParam(value: string | null): SortState {
  const parsed = creditSortSchema.safeParse(value);
  return parsed.success ? parseCreditSort(parsed.data) : null;
}

/** The aria-sort of a column header. */
export function ariaSortOf(sort: SortState, key: CreditSortKey): 'ascending' | 'descending' | 'none' {
  if (!sort || sort.key !== key) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}
