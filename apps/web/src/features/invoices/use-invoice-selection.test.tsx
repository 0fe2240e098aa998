import type { Credit } from '@portal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/api/query-client';
import type { InitialSelection } from './selection';
import { useInvoiceSelection } from './use-invoice-selection';

const credit = (id: number, originalValue: number, requiresInvoice = false): Credit => ({
  id,
  nfNumber: String(id),
  nfSerial: '1',
  buyer: 'Horizonte',
  orderDetail: null,
  installmentNumber: 1,
  expireDate: '2027-01-01',
  originalValue,
  discountedValue: 0,
  anticipationValue: originalValue,
  kind: requiresInvoice ? 'SERVICE' : 'GOODS',
  requiresInvoice,
  invoiceUploaded: false,
  invoiceKey: null,
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

const render = (loaded: Credit[], resetKey = 'a', isActive = true, initial?: InitialSelection) =>
  renderHook(
    (props: { resetKey: string }) =>
      useInvoiceSelection({
        providerId: 1,
        isActive,
        loaded,
        hasNextPage: false,
        resetKey: props.resetKey,
        initial,
      }),
    { wrapper, initialProps: { resetKey } },
  );

describe('the invoice selection over a fully loaded list', () => {
  const list = [credit(1, 100.1), credit(2, 50, true), credit(3, 0.2)];

  it('select all counts and totals the selectable credits only; a waiting service invoice is left out', () => {
    const { result } = render(list);
    act(() => result.current.toggleAll());
    expect(result.current.summary).toEqual({ count: 2, cents: 10_030 });
    expect(result.current.isSelected(list[1]!)).toBe(false);
    // Not every credit can go: the simulation gets the explicit list instead of "all of the provider".
    expect(result.current.simulationIds()).toEqual([1, 3]);
  });

  it('all but one becomes the explicit list of the others, with their total', () => {
    const { result } = render(list);
    act(() => result.current.toggleAll());
    act(() => result.current.toggle(list[0]!));
    expect(result.current.selection).toEqual({ isAllSelected: false, ids: [3] });
    expect(result.current.summary).toEqual({ count: 1, cents: 20 });
  });

  it('all of a list without waiting invoices is simulated as "every credit of the provider"', () => {
    const { result } = render([credit(1, 1), credit(3, 2)]);
    act(() => result.current.toggleAll());
    expect(result.current.simulationIds()).toEqual([]);
  });

  it('a new sort or a reload resets it', () => {
    const { result, rerender } = render(list);
    act(() => result.current.toggle(list[2]!));
    expect(result.current.summary).toEqual({ count: 1, cents: 20 });
    rerender({ resetKey: 'b' });
    expect(result.current.selection).toEqual({ isAllSelected: false, ids: [] });
  });

  it('nothing is selectable in an inactive participation', () => {
    const { result } = render(list, 'a', false);
    expect(result.current.isSelectable(list[0]!)).toBe(false);
  });
});

describe('the selection handed back by the simulation', () => {
  const list = [credit(1, 100.1), credit(3, 0.2)];
  // Credit 8 is not among the loaded pages (a plan's credit further down the list).
  const handed: InitialSelection = {
    isAllSelected: false,
    credits: [
      { id: 3, originalValue: 0.2 },
      { id: 8, originalValue: 1_000 },
    ],
  };

  it('opens with those credits selected, counted and totalled at once, loaded or not', () => {
    const { result } = render(list, 'a', true, handed);
    expect(result.current.selection).toEqual({ isAllSelected: false, ids: [3, 8] });
    expect(result.current.summary).toEqual({ count: 2, cents: 100_020 });
    expect(result.current.isSelected(list[1]!)).toBe(true);
    expect(result.current.isSelected(list[0]!)).toBe(false);
  });

  it('survives the first render and re-renders with the same key, then toggles and adds like any selection', () => {
    const { result, rerender } = render(list, 'a', true, handed);
    rerender({ resetKey: 'a' });
    expect(result.current.selection.ids).toEqual([3, 8]);
    act(() => result.current.toggle(list[1]!));
    act(() => result.current.toggle(list[0]!));
    expect(result.current.summary).toEqual({ count: 2, cents: 110_010 });
    expect(result.current.simulationIds()).toEqual([8, 1]);
  });

  it('a later new sort or reload resets it', () => {
    const { result, rerender } = render(list, 'a', true, handed);
    rerender({ resetKey: 'b' });
    expect(result.current.selection).toEqual({ isAllSelected: false, ids: [] });
    expect(result.current.summary).toEqual({ count: 0, cents: 0 });
  });

  it('"all" comes back as all selected', () => {
    const { result } = render([credit(1, 1), credit(3, 2)], 'a', true, { isAllSelected: true });
    expect(result.current.summary).toEqual({ count: 2, cents: 300 });
    expect(result.current.simulationIds()).toEqual([]);
  });
});
