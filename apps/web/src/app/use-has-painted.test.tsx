import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useHasPainted, useIsTaskAfter } from './use-has-painted';

describe('useHasPainted', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is false through the first frame and true from the second on', () => {
    const { result } = renderHook(() => useHasPainted());
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersToNextFrame());
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersToNextFrame());
    expect(result.current).toBe(true);
  });

  it('asks for no frame once unmounted', () => {
    const { result, unmount } = renderHook(() => useHasPainted());
    act(() => vi.advanceTimersToNextFrame());
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    expect(result.current).toBe(false);
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
});
