import { useEffect, useState } from 'react';

/**
 * False on the first render, true from the next frame on, by when the browser has painted and shown that render
 * (a frame callback runs before its frame's paint, so the second one runs after the first frame was presented).
 */
function useHasPainted(): boolean {
  const [hasPainted, setPainted] = useState(false);
  useEffect(() => {
    if (hasPainted) return;
    let frame = window.requestAnimationFrame(() => {
      frame = window.requestAnimationFrame(() => setPainted(true));
    });
    return () => window.cancelAnimationFrame(frame);
  }, [hasPainted]);
  return hasPainted;
}

/** True one task after `ready` turned true. */
function useIsTaskAfter(ready: boolean): boolean {
  const [isAfter, setAfter] = useState(false);
  useEffect(() => {
    if (!ready || isAfter) return;
    const timer = window.setTimeout(() => setAfter(true), 0);
    return () => window.clearTimeout(timer);
  }, [ready, isAfter]);
  return isAfter;
}

/**
 * What a page may start once its heading is on screen, in order: its code (`loadsCode`, a frame after the
 * first render), then its calls (`asks`, one task later), so that answers arriving before the heading's paint
 * do not delay it and no single task starts every request (starting one costs a few ms of main thread).
 * Queries disabled meanwhile still return what is cached: a page reached again shows it at once.
 */
export function usePaintFirst(): { loadsCode: boolean; asks: boolean } {
  const loadsCode = useHasPainted();
  return { loadsCode, asks: useIsTaskAfter(loadsCode) };
}
