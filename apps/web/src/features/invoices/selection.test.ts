import { describe, expect, it } from 'vitest';
import {
  emptySelection,
  hasSelection,
  isCreditSelected,
  type Selection,
  type SelectionAction,
  selectionReducer,
  summarizeSelection,
} from './selection';

const run = (actions: SelectionAction[], from: Selection = emptySelection) =>
  actions.reduce(selectionReducer, from);

describe('the invoice selection (docs/product screens)', () => {
  it('toggles one credit on and off, keeping the order of choice', () => {
    expect(
      run([
        { type: 'toggle', id: 3 },
        { type: 'toggle', id: 1 },
      ]),
    ).toEqual({ isAllSelected: false, ids: [3, 1] });
    expect(
      run([
        { type: 'toggle', id: 3 },
        { type: 'toggle', id: 1 },
        { type: 'toggle', id: 3 },
      ]),
    ).toEqual({
      isAllSelected: false,
      ids: [1],
    });
  });

  it('select all sets the flag and clears the individual list', () => {
    const state = run([{ type: 'toggle', id: 3 }, { type: 'toggleAll' }]);
    expect(state).toEqual({ isAllSelected: true, ids: [] });
    expect(isCreditSelected(state, 99, true)).toBe(true);
    expect(isCreditSelected(state, 99, false)).toBe(false);
    expect(hasSelection(state)).toBe(true);
  });

  it('select all again deselects everything', () => {
    expect(run([{ type: 'toggleAll' }, { type: 'toggleAll' }])).toEqual(emptySelection);
  });

  it('deselecting one while all are selected becomes the explicit list of all the others', () => {
    const state = run([{ type: 'toggleAll' }, { type: 'toggle', id: 2, allIds: [1, 2, 3, 4] }]);
    expect(state).toEqual({ isAllSelected: false, ids: [1, 3, 4] });
    expect(isCreditSelected(state, 2, true)).toBe(false);
    expect(isCreditSelected(state, 4, true)).toBe(true);
  });

  it('cannot turn "all" into a list without knowing every credit', () => {
    expect(() => run([{ type: 'toggleAll' }, { type: 'toggle', id: 2 }])).toThrow(/allIds/);
  });

  it('sorting or reloading resets the selection', () => {
    expect(run([{ type: 'toggle', id: 5 }, { type: 'reset' }])).toEqual(emptySelection);
    expect(run([{ type: 'toggleAll' }, { type: 'reset' }])).toEqual(emptySelection);
    expect(selectionReducer(emptySelection, { type: 'reset' })).toBe(emptySelection);
  });

  it('counts and totals the selection in centavos', () => {
    const cents = new Map([
      [1, 10_050],
      [2, 99],
    ]);
    expect(summarizeSelection({ isAllSelected: false, ids: [1, 2] }, null, (id) => cents.get(id))).toEqual({
      count: 2,
      cents: 10_149,
    });
    expect(summarizeSelection({ isAllSelected: true, ids: [] }, { count: 40, cents: 5 }, () => 0)).toEqual({
      count: 40,
      cents: 5,
    });
    expect(summarizeSelection({ isAllSelected: true, ids: [] }, null, () => 0)).toBeNull();
  });
});
