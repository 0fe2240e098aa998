import { useDeferredValue, useState } from 'react';

/**
 * Whether to mount a lazily-loaded overlay (a drawer, modal or popover behind `React.lazy`): not before it first
 * opens, so its code stays out of the page's load; from then on always, so that closing it plays its transition
 * instead of unmounting it at once.
 *
 * The answer turns true in a deferred render (`useDeferredValue`): the click that opens it commits at once, and
 * the render that mounts the overlay is the one that waits for its code. The overlay therefore needs no Suspense
 * boundary of its own: while its code loads, the screen stays as it is, then the overlay opens.
 *
 * ```tsx
 * const Drawer = lazy(() => import('./drawer').then((module) => ({ default: module.Drawer })));
 * const mountsDrawer = useMountAfterFirstOpen(isOpen);
 * return mountsDrawer && <Drawer opened={isOpen} onClose={close} />;
 * ```
 */
export function useMountAfterFirstOpen(isOpen: boolean): boolean {
  const [hasOpened, setOpened] = useState(isOpen);
  // State from an earlier render (react.dev, "storing information from previous renders"): no effect, so the
  // first opening is not a second commit.
  if (isOpen && !hasOpened) setOpened(true);
  return useDeferredValue(hasOpened);
}
