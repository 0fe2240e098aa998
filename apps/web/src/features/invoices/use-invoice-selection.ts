import type { Credit } from '@portal/contract';
import { useCallback, useMemo, useReducer, useState } from 'react';
import { reaisToCents } from '../../lib/money';
import { useAllCredits } from './api/list-credits';
import {
  centsById,
  type InitialSelection,
  type KnownCredit,
  selectionReducer,
  startSelection,
  summarizeSelection,
} from './selection';

type Input = {
  providerId: number;
  isActive: boolean;
  /** The credits loaded so far, and whether more pages exist. */
  loaded: readonly Credit[];
  hasNextPage: boolean;
  /**
   * Changes when the list is sorted or reloaded: the selection resets
   * (docs/product/screens-and-routes.md#invoice-selection).
   */
  resetKey: string;
  /**
   * The selection to open with (the simulation's way back); read on the first render only. Its credits'
   * original values total the bar while they are not among the loaded pages.
   */
  initial?: InitialSelection;
};

const noCredits: readonly KnownCredit[] = [];

/**
 * The selection of the invoice list over the pure reducer. "All" means every selectable credit of the
 * provider, not only the loaded ones: while it is selected the whole list is fetched once (pages of 100) so
 * the bar shows the true count and total, and "all but one" can list the others.
 */
export function useInvoiceSelection({ providerId, isActive, loaded, hasNextPage, resetKey, initial }: Input) {
  const [selection, dispatch] = useReducer(selectionReducer, initial, startSelection);
  // Only a later change of the key resets: the first render keeps the initial selection. Adjusted during the
  // render (React's "state from the previous render"), not in an effect, which would also run on mount and
  // would show one frame of the old selection under the new sort.
  const [selectionKey, setSelectionKey] = useState(resetKey);
  if (selectionKey !== resetKey) {
    setSelectionKey(resetKey);
    dispatch({ type: 'reset' });
  }
  const [initialCredits] = useState(() => (initial && !initial.isAllSelected ? initial.credits : noCredits));
  const all = useAllCredits(providerId, selection.isAllSelected && hasNextPage);
  const universe = hasNextPage ? all.data : loaded;
  const isSelectable = useCallback((credit: Credit) => isActive && !credit.requiresInvoice, [isActive]);
  const selectable = useMemo(() => universe?.filter(isSelectable), [universe, isSelectable]);
  // The loaded pages' values win over the initial ones (fresher).
  const amounts = useMemo(
    () => centsById(initialCredits, loaded, all.data ?? noCredits),
    [initialCredits, loaded, all.data],
  );
  const summary = summarizeSelection(
    selection,
    selectable
      ? {
          count: selectable.length,
          cents: selectable.reduce((sum, c) => sum + reaisToCents(c.originalValue), 0),
        }
      : null,
    (id) => amounts.get(id),
  );
  const isCounting = selection.isAllSelected && !selectable;
  const selectedIdSet = useMemo(() => new Set(selection.ids), [selection.ids]);
  return {
    selection,
    summary,
    isCounting,
    isSelectable,
    isSelected: (credit: Credit) =>
      isSelectable(credit) && (selection.isAllSelected || selectedIdSet.has(credit.id)),
    toggle: (credit: Credit) => {
      if (isCounting) return;
      dispatch({ type: 'toggle', id: credit.id, allIds: selectable?.map((c) => c.id) });
    },
    toggleAll: () => dispatch({ type: 'toggleAll' }),
    reset: () => dispatch({ type: 'reset' }),
    /**
     * The ids the simulation prices: [] for "every credit of the provider" when all are selected and none is
     * waiting for its document; otherwise the explicit list.
     */
    simulationIds: (): number[] | null => {
      if (!selection.isAllSelected) return [...selection.ids];
      if (!selectable || !universe) return null;
      return selectable.length === universe.length ? [] : selectable.map((c) => c.id);
    },
  };
}
