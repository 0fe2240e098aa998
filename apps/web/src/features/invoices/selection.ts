import { reaisToCents } from '../../lib/money';

/**
 * The invoice selection (docs/product/screens-and-routes.md#invoice-selection): one credit toggles; select
 * all sets the all-selected flag and clears the list; deselecting one while all are selected turns the
 * selection into an explicit list of all the others; sorting or reloading resets it. Pure, so the rules are
 * tested without a screen.
 */
export type Selection = { readonly isAllSelected: boolean; readonly ids: readonly number[] };

export type SelectionAction =
  /** `allIds`: every selectable credit of the list; needed only when all are selected. */
  { type: 'toggle'; id: number; allIds?: readonly number[] } | { type: 'toggleAll' } | { type: 'reset' };

export const emptySelection: Selection = { isAllSelected: false, ids: [] };

/** A credit and its original value in reais, as the list and the estimate carry them. */
export type KnownCredit = { readonly id: number; readonly originalValue: number };

/**
 * The selection the list opens with: the one the simulation's way back hands over
 * (docs/product/screens-and-routes.md#invoice-selection). All, or explicit credits with their original values,
 * since they need not be among the loaded pages and the bar still totals them.
 */
export type InitialSelection =
  | { readonly isAllSelected: true }
  | { readonly isAllSelected: false; readonly credits: readonly KnownCredit[] };

/**
 * The reducer's first state: nothing, all, or the initial credits' ids (once each, in their order). A credit
 * of it that is no longer offered (taken meanwhile) stays selected: the list does not show it, the bar counts
 * it, and the simulation answers its usual error (error.credit.notfound); a new sort or a reload clears it.
 */
export function startSelection(initial: InitialSelection | undefined): Selection {
  if (!initial) return emptySelection;
  if (initial.isAllSelected) return { isAllSelected: true, ids: [] };
  const ids = [...new Set(initial.credits.map((credit) => credit.id))];
  return ids.length === 0 ? emptySelection : { isAllSelected: false, ids };
}

/** Centavos of each credit's original value; for an id in several lists, the last list's value. */
export function centsById(...lists: readonly (readonly KnownCredit[])[]): Map<number, number> {
  const cents = new Map<number, number>();
  for (const list of lists)
    for (const credit of list) cents.set(credit.id, reaisToCents(credit.originalValue));
  return cents;
}

export function selectionReducer(state: Selection, action: SelectionAction): Selection {
  switch (action.type) {
    case 'toggle': {
      if (state.isAllSelected) {
        if (!action.allIds) throw new Error('toggle while all are selected needs allIds');
        return { isAllSelected: false, ids: action.allIds.filter((id) => id !== action.id) };
      }
      const isSelected = state.ids.includes(action.id);
      return {
        isAllSelected: false,
        ids: isSelected ? state.ids.filter((id) => id !== action.id) : [...state.ids, action.id],
      };
    }
    case 'toggleAll':
      return state.isAllSelected ? emptySelection : { isAllSelected: true, ids: [] };
    case 'reset':
      return state === emptySelection ? state : emptySelection;
  }
}

export function isCreditSelected(state: Selection, id: number, isSelectable: boolean): boolean {
  if (!isSelectable) return false;
  return state.isAllSelected || state.ids.includes(id);
}

export function hasSelection(state: Selection): boolean {
  return state.isAllSelected || state.ids.length > 0;
}

type Amounts = { count: number; cents: number };

/**
 * Count and total of the selection in centavos. With all selected, `all` is every selectable credit (null
 * while it loads); otherwise each chosen id is priced from `centsOf`, filled from the loaded pages and the
 * initial selection's known values (`centsById`).
 */
export function summarizeSelection(
  state: Selection,
  all: Amounts | null,
  centsOf: (id: number) => number | undefined,
): Amounts | null {
  if (state.isAllSelected) return all;
  let cents = 0;
  for (const id of state.ids) cents += centsOf(id) ?? 0;
  return { count: state.ids.length, cents };
}
