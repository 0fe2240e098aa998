import { useEffect, useState } from 'react';

/** A piece of a screen loaded on demand, and what of it has loaded (see useLazyPart). */
export type LazyPart<T> = { start: () => Promise<T>; loaded: () => T | undefined };

/** Declares a piece loaded on demand (at module level): nothing loads until a component asks for it. */
export function lazyPart<T>(load: () => Promise<T>): LazyPart<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  const start = () => {
    loading ??= load().then(
      (part) => {
        loaded = part;
        return part;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return { start, loaded: () => loaded };
}

/** How long after mounting a part preloaded 'later' waits before the browser's next idle moment. */
const laterDelayMs = 2_000;

/**
 * The browser's first idle moment once `delayMs` have passed (a timeout where requestIdleCallback is missing,
 * as in Safari).
 */
function whenIdleAfter(delayMs: number, run: () => void): () => void {
  let idle: number | undefined;
  const timer = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') {
      idle = window.requestIdleCallback(run, { timeout: 2_000 });
    } else run();
  }, delayMs);
  return () => {
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/**
 * False until the browser's first idle moment `delayMs` after mounting, then true: for work the page does
 * not need to be drawn and used (the support chat), kept out of the way of the page's own code and calls.
 */
export function useIsIdleAfter(delayMs: number = laterDelayMs): boolean {
  const [isIdle, setIdle] = useState(false);
  useEffect(() => (isIdle ? undefined : whenIdleAfter(delayMs, () => setIdle(true))), [isIdle, delayMs]);
  return isIdle;
}

type Preload = 'mount' | 'later' | false;

/**
 * A piece of a screen whose code loads beside the screen rather than before it: the part once loaded, else
 * undefined (the screen shows its own skeleton, or nothing, meanwhile). It starts loading when the component
 * mounts (`preload: 'mount'`), at an idle moment a little later (`'later'`: what only a click needs, loaded
 * ahead of the click but not among the files the page waits for) or not before it is wanted (`false`), and at
 * once when `isWanted` turns true.
 *
 * Not React.lazy: React 19 holds a Suspense boundary's content back for 300 ms after its fallback showed, so a
 * dialog would open a third of a second late and a page's sections would wait on that rather than on their
 * data. A chunk that fails to load when wanted reaches the error boundary, as a lazy page would.
 */
export function useLazyPart<T>(
  part: LazyPart<T>,
  { preload = 'mount', isWanted = false }: { preload?: Preload; isWanted?: boolean } = {},
): T | undefined {
  // The part is kept in a box: a component is a function, which useState would take for an updater.
  const [state, setState] = useState<{ part?: T; error?: unknown }>(() => ({ part: part.loaded() }));
  const isDone = state.part !== undefined || state.error !== undefined;
  const startsNow = isWanted || preload === 'mount';
  const startsLater = !startsNow && preload === 'later';
  useEffect(() => {
    if (isDone || !(startsNow || startsLater)) return;
    let isLive = true;
    const load = () => {
      part.start().then(
        (loaded) => isLive && setState({ part: loaded }),
        // A preload that fails stays quiet: asking for the part again (isWanted) tries again.
        (error: unknown) => isLive && startsNow && setState({ error }),
      );
    };
    const cancel = startsNow ? undefined : whenIdleAfter(laterDelayMs, load);
    if (startsNow) load();
    return () => {
      isLive = false;
      cancel?.();
    };
  }, [part, isDone, startsNow, startsLater]);
  if (state.error !== undefined) throw state.error;
  return state.part;
}
