import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PaintMemory, useHasPainted, useIsTaskAfter } from './use-has-painted';

describe('useHasPainted', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is false through the first frame and true from the second on', () => {
    const memory: PaintMemory = { hasWaited: false };
    const { result } = renderHook(() => useHasPainted(memory));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersToNextFrame());
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersToNextFrame());
    expect(result.current).toBe(true);
  });

  it('is true at once on a page reached after one has waited', () => {
    const memory: PaintMemory = { hasWaited: false };
    const first = renderHook(() => useHasPainted(memory));
    act(() => vi.advanceTimersToNextFrame());
    act(() => vi.advanceTimersToNextFrame());
    first.unmount();
    const next = renderHook(() => useHasPainted(memory));
    expect(next.result.current).toBe(true);
  });

  it('asks for no frame once unmounted, and the next page still waits', () => {
    const memory: PaintMemory = { hasWaited: false };
    const { result, unmount } = renderHook(() => useHasPainted(memory));
    act(() => vi.advanceTimersToNextFrame());
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    expect(result.current).toBe(false);
    expect(renderHook(() => useHasPainted(memory)).result.current).toBe(false);
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
