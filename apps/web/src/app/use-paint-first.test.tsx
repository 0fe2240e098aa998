import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePaintFirst } from './use-paint-first';

describe('usePaintFirst', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts nothing through the first frame, the code after the second, the calls a task later', () => {
    const { result } = renderHook(() => usePaintFirst());
    expect(result.current).toEqual({ loadsCode: false, asks: false });
    act(() => vi.advanceTimersToNextFrame());
    expect(result.current).toEqual({ loadsCode: false, asks: false });
    act(() => vi.advanceTimersToNextFrame());
    expect(result.current).toEqual({ loadsCode: true, asks: false });
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toEqual({ loadsCode: true, asks: true });
  });

  it('leaves no frame or timer behind once unmounted', () => {
    const { unmount } = renderHook(() => usePaintFirst());
    act(() => vi.advanceTimersToNextFrame());
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
