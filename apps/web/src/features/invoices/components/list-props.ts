import type { Credit, CreditSortKey } from '@portal/contract';
import type { ReactNode } from 'react';
import type { SortState } from '../sort';

/** What the table (desktop) and the cards (phone) both show and do. */
export type InvoiceListProps = {
  credits: readonly Credit[];
  totalCount: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  sort: SortState;
  onSort: (key: CreditSortKey) => void;
  isSelected: (credit: Credit) => boolean;
  isSelectable: (credit: Credit) => boolean;
  onToggle: (credit: Credit) => void;
  /** The upload action of a service invoice that needs its document. */
  renderAction: (credit: Credit) => ReactNode;
  /** The id of the heading that names the list. */
  labelledBy: string;
};
