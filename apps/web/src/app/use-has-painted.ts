import { useEffect, useState } from 'react';

/**
 * False on the first render, true from the next frame on: by then the browser has painted and shown the
 * first render (a frame callback runs before its frame's paint, so the second one runs after the first frame
 * was presented). For what a page asks for once its heading is on screen.
 */
export function useHasPainted(): boolean {
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

/**
 * True one task after `ready` turned true: what a page starts at once after its paint (code, calls) is split
 * over two tasks, each short enough not to hold the main thread (starting a request costs a few ms of it).
 */
export function useIsTaskAfter(ready: boolean): boolean {
  const [isAfter, setAfter] = useState(false);
  useEffect(() => {
    if (!ready || isAfter) return;
    const timer = window.setTimeout(() => setAfter(true), 0);
    return () => window.clearTimeout(timer);
  }, [ready, isAfter]);
  return isAfter;
}
