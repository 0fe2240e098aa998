import { useEffect, useState } from 'react';

/** Whether a page of this visit has already waited for its first paint (tests pass their own). */
export type PaintMemory = { hasWaited: boolean };

// Set once a page has waited for its first paint: later pages are reached by navigation, with the app already
// on screen, and have nothing to wait for.
const visit: PaintMemory = { hasWaited: false };

/**
 * On the first page of a visit: false on the first render, true from the next frame on, by when the browser
 * has painted and shown that render (a frame callback runs before its frame's paint, so the second one runs
 * after the first frame was presented). For what a page asks for once its heading is on screen. On a page
 * reached by navigation afterwards it is true at once: a back and forth between pages shows what is cached
 * without a spinner in between.
 */
export function useHasPainted(memory: PaintMemory = visit): boolean {
  const [hasPainted, setPainted] = useState(memory.hasWaited);
  useEffect(() => {
    if (hasPainted) return;
    let frame = window.requestAnimationFrame(() => {
      frame = window.requestAnimationFrame(() => {
        memory.hasWaited = true;
        setPainted(true);
      });
    });
    return () => window.cancelAnimationFrame(frame);
  }, [hasPainted, memory]);
  return hasPainted;
}

/**
 * True one task after `ready` turned true (at once when it already was): what a page starts after its first
 * paint (code, calls) is split over two tasks, each short enough not to hold the main thread (starting a
 * request costs a few ms of it).
 */
export function useIsTaskAfter(ready: boolean): boolean {
  const [isAfter, setAfter] = useState(ready);
  useEffect(() => {
    if (!ready || isAfter) return;
    const timer = window.setTimeout(() => setAfter(true), 0);
    return () => window.clearTimeout(timer);
  }, [ready, isAfter]);
  return isAfter;
}
