import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { Component, type ComponentType, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type LazyPart, lazyPart, useIsIdleAfter, useLazyPart } from './lazy-part';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children;
  }
}

type ShowsProps = {
  part: LazyPart<string>;
  preload?: 'mount' | 'later' | false;
  isWanted?: boolean;
};

/** A screen that shows a text part once loaded. */
function Shows({ part, preload, isWanted }: ShowsProps) {
  return <p>{useLazyPart(part, { preload, isWanted }) ?? 'waiting'}</p>;
}

/** A screen that renders a component part once loaded. */
function Renders({ part }: { part: LazyPart<ComponentType> }) {
  const Loaded = useLazyPart(part);
  return Loaded ? <Loaded /> : <p>waiting</p>;
}

const ThePart = () => <p>the part</p>;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useLazyPart', () => {
  it('loads on mount, once for every component that asks, and is there at once on the next mount', async () => {
    const load = vi.fn(async () => 'part');
    const part = lazyPart(load);
    const first = renderHook(() => useLazyPart(part));
    const second = renderHook(() => useLazyPart(part));
    expect(first.result.current).toBeUndefined();
    await waitFor(() => expect(first.result.current).toBe('part'));
    await waitFor(() => expect(second.result.current).toBe('part'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(renderHook(() => useLazyPart(part)).result.current).toBe('part');
  });

  it('keeps a component as the part (not taken for a state updater)', async () => {
    render(<Renders part={lazyPart(async () => ThePart)} />);
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(await screen.findByText('the part')).toBeTruthy();
  });

  it("'later' waits for a moment after mounting, unless the part is wanted first", async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => 'dialog');
    const part = lazyPart(load);
    const { rerender } = render(<Shows part={part} preload="later" />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(load).not.toHaveBeenCalled();
    rerender(<Shows part={part} preload="later" isWanted />);
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('dialog')).toBeTruthy();
  });

  it('a part the screen needs that fails to load reaches the error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <Boundary>
        <Shows part={lazyPart(() => Promise.reject(new Error('chunk')))} />
      </Boundary>,
    );
    expect(await screen.findByText('failed: chunk')).toBeTruthy();
  });

  it('a preload that fails stays quiet, and asking for the part tries again', async () => {
    vi.useFakeTimers();
    const attempts = [deferred<string>(), deferred<string>()];
    let calls = 0;
    const part = lazyPart(() => attempts[calls++]!.promise);
    const { rerender } = render(
      <Boundary>
        <Shows part={part} preload="later" />
      </Boundary>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_500);
    });
    expect(calls).toBe(1);
    await act(async () => attempts[0]!.reject(new Error('offline')));
    expect(screen.getByText('waiting')).toBeTruthy();
    rerender(
      <Boundary>
        <Shows part={part} preload="later" isWanted />
      </Boundary>,
    );
    expect(calls).toBe(2);
    await act(async () => attempts[1]!.resolve('dialog'));
    expect(screen.getByText('dialog')).toBeTruthy();
  });

  it('useIsIdleAfter turns true at the first idle moment after its delay, and not before', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useIsIdleAfter(2_000));
    expect(result.current).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_900);
    });
    expect(result.current).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_500);
    });
    expect(result.current).toBe(true);
  });
});
