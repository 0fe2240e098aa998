import { defineProject } from 'vitest/config';
import { ownModulesTests } from './test/own-modules-tests';

export const webTestConfig = {
  environment: 'jsdom',
  setupFiles: ['./test/setup.ts'],
  include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  css: false,
  // Rendering tests import Mantine and lazy routes; on a busy CI machine 5 s is too tight.
  testTimeout: 15_000,
};

export default defineProject({
  test: {
    ...webTestConfig,
    name: 'web',
    // Test files share a worker's modules and its jsdom (test/setup.ts cleans the DOM and storage after each
    // test): React, Mantine and the app load once per worker rather than once per file, and loading them is
    // the larger part of a rendering test file's time (docs/decisions/test-run-time.md#vitest-figures). The
    // files that replace a module with vi.mock, or test a module's first use, cannot share: they run in the
    // isolated project of vitest.own-modules.config.ts.
    isolate: false,
    exclude: ownModulesTests(),
  },
});
