import { afterAll, afterEach, beforeAll } from 'vitest';
import { forgetRequests, server } from './msw';

// The API is MSW's (test/msw.ts), in every environment: a request no test answers fails (MSW's vitest setup).
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  forgetRequests();
});
afterAll(() => server.close());

// Pure logic tests run in the node environment (`// @vitest-environment node`); the rest in jsdom, which
// has neither matchMedia nor ResizeObserver, both read by Mantine (STACK_NOTES).
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }

  class NoopResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  if (!window.ResizeObserver) window.ResizeObserver = NoopResizeObserver;
  // jsdom has no layout, so no scrolling either (the app scrolls to the top on navigation).
  window.scrollTo = () => {};

  const { cleanup, configure } = await import('@testing-library/react');
  // Pages show their answer in a deferred render (useDeferredValue), which React slices: on a busy machine it can
  // come later than testing-library's default second of waiting. A `findBy` still fails when it never comes.
  configure({ asyncUtilTimeout: 5_000 });
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });
}
