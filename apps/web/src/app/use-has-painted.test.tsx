import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPaintGate, useIsTaskAfter } from './use-has-painted';

describe('useHasPainted', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is false through the first frame and true from the second on', () => {
    const useHasPainted = createPaintGate();
    const { result } = renderHook(() => useHasPainted());
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersToNextFrame());
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersToNextFrame());
    expect(result.current).toBe(true);
  });

  it('is true at once on a page reached after one has waited', () => {
    const useHasPainted = createPaintGate();
    const first = renderHook(() => useHasPainted());
    act(() => vi.advanceTimersToNextFrame());
    act(() => vi.advanceTimersToNextFrame());
    first.unmount();
    const next = renderHook(() => useHasPainted());
    expect(next.result.current).toBe(true);
  });

  it('asks for no frame once unmounted, and the next page still waits', () => {
    const useHasPainted = createPaintGate();
    const { result, unmount } = renderHook(() => useHasPainted());
    act(() => vi.advanceTimersToNextFrame());
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    expect(result.current).toBe(false);
    expect(renderHook(() => useHasPainted()).result.current).toBe(false);
  });
});

describe('useIsTaskAfter', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('turns true one task after its condition, not in the same one', () => {
    const { result, rerender } = renderHook(({ ready }) => useIsTaskAfter(ready), {
      initialProps: { ready: false },
    });
    act(() => vi.runAllTimers());
    expect(result.current).toBe(false);
    rerender({ ready: true });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toBe(true);
  });

  it('is true at once when its condition already holds', () => {
    expect(renderHook(() => useIsTaskAfter(true)).result.current).toBe(true);
  });
});
