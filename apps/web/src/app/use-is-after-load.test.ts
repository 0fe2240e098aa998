import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIsAfterLoad } from './use-is-after-load';

describe('useIsAfterLoad', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('waits for the load event, then for the browser’s idle moment', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    let idle: IdleRequestCallback | undefined;
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
      idle = callback;
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const { result } = renderHook(() => useIsAfterLoad());
    expect(idle).toBeUndefined();
    act(() => {
      window.dispatchEvent(new Event('load'));
    });
    expect(result.current).toBe(false);
    expect(idle).toBeDefined();
    act(() => idle?.({ didTimeout: false, timeRemaining: () => 10 }));
    expect(result.current).toBe(true);
  });

  it('a page already loaded waits only for the idle moment', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    const { result } = renderHook(() => useIsAfterLoad());
    await vi.waitFor(() => expect(result.current).toBe(true));
  });
});
