import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has neither matchMedia nor ResizeObserver; Mantine reads both (STACK_NOTES).
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

afterEach(() => {
  cleanup();
  localStorage.clear();
});
