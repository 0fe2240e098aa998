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

  // Markup HTML does not allow (a heading inside a heading, a div inside a p): React says so on the console,
  // where a passing run hides it; here it fails the test that rendered it. The console is wrapped once per
  // worker: this file runs again before every test file the worker runs.
  const shared = globalThis as { invalidHtmlNesting?: string[] };
  if (!shared.invalidHtmlNesting) {
    const found: string[] = [];
    shared.invalidHtmlNesting = found;
    const consoleError = console.error;
    console.error = (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].startsWith('In HTML, ')) {
        let at = 1;
        found.push(args[0].replace(/%s/g, () => String(args[at++] ?? '')).split('\n')[0]!);
      }
      consoleError(...args);
    };
  }
  const invalidNesting = shared.invalidHtmlNesting;
  afterEach(() => {
    const found = invalidNesting.splice(0);
    if (found.length > 0) throw new Error(`invalid HTML nesting: ${found.join('; ')}`);
  });
}
