import { useEffect, useState } from 'react';

/**
 * When the page has loaded (the window's load event) and the browser is first idle after it, as Next.js's
 * `lazyOnload` script strategy does: for what the page does not need to be drawn and used (the support chat, the
 * support phone kept for a later error), so that its calls and script never compete with the page's own. A
 * timeout stands in for requestIdleCallback where the browser lacks it (Safari).
 */
function whenLoadedAndIdle(run: () => void): () => void {
  let idle: number | undefined;
  let timer: number | undefined;
  const hasIdleCallback =
    typeof window.requestIdleCallback === 'function' && typeof window.cancelIdleCallback === 'function';
  const onIdle = () => {
    if (hasIdleCallback) idle = window.requestIdleCallback(run);
    else timer = window.setTimeout(run, 0);
  };
  if (document.readyState === 'complete') onIdle();
  else window.addEventListener('load', onIdle, { once: true });
  return () => {
    window.removeEventListener('load', onIdle);
    if (idle !== undefined && hasIdleCallback) window.cancelIdleCallback(idle);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}

/** False until the page has loaded and the browser is idle (whenLoadedAndIdle), then true. */
export function useIsAfterLoad(): boolean {
  const [isAfterLoad, setAfterLoad] = useState(false);
  useEffect(() => (isAfterLoad ? undefined : whenLoadedAndIdle(() => setAfterLoad(true))), [isAfterLoad]);
  return isAfterLoad;
}
