import { useEffect, useState } from 'react';

type IdleHandle = { cancel: () => void };

/** The browser's next idle moment (a timeout where requestIdleCallback is missing, as in Safari). */
function whenIdle(run: () => void): IdleHandle {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2_000 });
    return { cancel: () => window.cancelIdleCallback(id) };
  }
  const id = window.setTimeout(run, 200);
  return { cancel: () => window.clearTimeout(id) };
}

/**
 * True once the element has come within `margin` of the viewport and the browser has then had an idle moment:
 * for heavy content below the fold (the portfolio chart on a phone), which then costs the page's load
 * nothing. Without IntersectionObserver (old browsers, jsdom) it is true at the first idle moment.
 */
export function useNearViewport<T extends Element>(margin = '200px') {
  // A callback ref: the element may mount after the component (once its data is in).
  const [element, ref] = useState<T | null>(null);
  const [isNear, setNear] = useState(false);
  useEffect(() => {
    if (isNear || !element) return;
    let idle: IdleHandle | undefined;
    const near = () => {
      idle ??= whenIdle(() => setNear(true));
    };
    if (typeof IntersectionObserver === 'undefined') {
      near();
      return () => idle?.cancel();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        near();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      idle?.cancel();
    };
  }, [element, isNear, margin]);
  return { ref, isNear };
}
