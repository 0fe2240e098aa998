import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { carouselInterval, useCarousel } from './use-carousel';

afterEach(() => {
  vi.useRealTimers();
});

describe('useCarousel', () => {
  it('shows the first slide without an entrance animation, and animates every change after it', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCarousel(4));
    expect(result.current).toMatchObject({ index: 0, animatesSlide: false });
    act(() => {
      vi.advanceTimersByTime(carouselInterval);
    });
    expect(result.current).toMatchObject({ index: 1, animatesSlide: true });
    act(() => result.current.goTo(3));
    expect(result.current).toMatchObject({ index: 3, animatesSlide: true });
    act(() => {
      vi.advanceTimersByTime(carouselInterval);
    });
    expect(result.current.index).toBe(0);
  });
});
