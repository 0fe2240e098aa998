import { describe, expect, it } from 'vitest';
import {
  centsById,
  emptySelection,
  hasSelection,
  isCreditSelected,
  type Selection,
  type SelectionAction,
  selectionReducer,
  startSelection,
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

  it('opens with the selection handed back by the simulation: nothing, all, or the explicit credits', () => {
    expect(startSelection(undefined)).toBe(emptySelection);
    expect(startSelection({ isAllSelected: true })).toEqual({ isAllSelected: true, ids: [] });
    const credits = [
      { id: 9, originalValue: 10 },
      { id: 4, originalValue: 2.5 },
      { id: 9, originalValue: 10 },
    ];
    // Explicit ids (never "all"), once each, in the simulation's order.
    expect(startSelection({ isAllSelected: false, credits })).toEqual({ isAllSelected: false, ids: [9, 4] });
    expect(startSelection({ isAllSelected: false, credits: [] })).toBe(emptySelection);
  });

  it('the handed-back selection toggles like any other, and a new sort or a reload still clears it', () => {
    const start = startSelection({
      isAllSelected: false,
      credits: [
        { id: 9, originalValue: 10 },
        { id: 4, originalValue: 2.5 },
      ],
    });
    expect(
      run(
        [
          { type: 'toggle', id: 9 },
          { type: 'toggle', id: 7 },
        ],
        start,
      ),
    ).toEqual({ isAllSelected: false, ids: [4, 7] });
    expect(run([{ type: 'reset' }], start)).toEqual(emptySelection);
  });

  it('totals credits not among the loaded pages from their known values; loaded values win', () => {
    const handed = [
      { id: 9, originalValue: 1_234.56 },
      { id: 4, originalValue: 0.1 },
    ];
    const loaded = [
      { id: 4, originalValue: 0.2 },
      { id: 7, originalValue: 3 },
    ];
    const cents = centsById(handed, loaded);
    expect([...cents]).toEqual([
      [9, 123_456],
      [4, 20],
      [7, 300],
    ]);
    // 9 is in no loaded page: its known value still counts.
    expect(summarizeSelection({ isAllSelected: false, ids: [9, 4, 7] }, null, (id) => cents.get(id))).toEqual(
      { count: 3, cents: 123_776 },
    );
  });
});
