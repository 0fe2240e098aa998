import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

/** An IntersectionObserver the test drives: `enter()` reports the observed element as intersecting. */
class FakeObserver {
  static last: FakeObserver | undefined;
  options: IntersectionObserverInit | undefined;
  isObserving = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    this.options = options;
    FakeObserver.last = this;
  }
  observe() {
    this.isObserving = true;
  }
  disconnect() {
    this.isObserving = false;
  }
  enter() {
    this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as never);
  }
}

function Place() {
  const chart = useNearViewport<HTMLDivElement>();
  return <div ref={chart.ref}>{chart.isNear ? 'chart' : 'placeholder'}</div>;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  FakeObserver.last = undefined;
});

describe('useNearViewport', () => {
  it('stays false until the element nears the viewport, then turns true at an idle moment', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Place />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(screen.getByText('placeholder')).toBeTruthy();
    expect(FakeObserver.last?.options?.rootMargin).toBe('200px');
    act(() => FakeObserver.last?.enter());
    expect(FakeObserver.last?.isObserving).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(screen.getByText('chart')).toBeTruthy();
  });

  it('without IntersectionObserver, turns true at the first idle moment', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Place />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(screen.getByText('chart')).toBeTruthy();
  });
});
