import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useHasPainted } from './use-has-painted';

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
