import { act, render, renderHook, screen } from '@testing-library/react';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useMountAfterFirstOpen } from './use-mount-after-first-open';

/** A button that opens and closes a lazy drawer. */
function Screen({ Drawer }: { Drawer: ComponentType<{ opened: boolean }> }) {
  const [isOpen, setOpen] = useState(false);
  const mountsDrawer = useMountAfterFirstOpen(isOpen);
  return (
    <>
      <button type="button" onClick={() => setOpen((open) => !open)}>
        {isOpen ? 'close' : 'open'}
      </button>
      {mountsDrawer && <Drawer opened={isOpen} />}
    </>
  );
}

describe('useMountAfterFirstOpen', () => {
  it('says no until the first opening, then yes for good, so the overlay can play its closing', () => {
    const { result, rerender } = renderHook(({ isOpen }) => useMountAfterFirstOpen(isOpen), {
      initialProps: { isOpen: false },
    });
    expect(result.current).toBe(false);
    rerender({ isOpen: false });
    expect(result.current).toBe(false);
    rerender({ isOpen: true });
    expect(result.current).toBe(true);
    rerender({ isOpen: false });
    expect(result.current).toBe(true);
  });

  it('says yes at once for an overlay open from the start', () => {
    const { result } = renderHook(() => useMountAfterFirstOpen(true));
    expect(result.current).toBe(true);
  });

  it('keeps the screen as it is while the overlay’s code loads, with no boundary of its own', async () => {
    let arrive: () => void = () => undefined;
    const code = new Promise<{ default: ComponentType<{ opened: boolean }> }>((resolve) => {
      arrive = () => resolve({ default: ({ opened }) => <p>{opened ? 'drawer open' : 'drawer closed'}</p> });
    });
    const Drawer = lazy(() => code);
    render(
      <Suspense fallback={<p>page spinner</p>}>
        <Screen Drawer={Drawer} />
      </Suspense>,
    );
    await act(async () => screen.getByRole('button', { name: 'open' }).click());
    // The click's own update is on screen; the page's boundary did not fall back while the code loads.
    expect(screen.getByRole('button', { name: 'close' })).toBeTruthy();
    expect(screen.queryByText('page spinner')).toBeNull();
    expect(screen.queryByText(/drawer/)).toBeNull();
    await act(async () => arrive());
    expect(screen.getByText('drawer open')).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: 'close' }).click());
    expect(screen.getByText('drawer closed')).toBeTruthy();
  });
});
