import { defineProject } from 'vitest/config';
import { ownModulesTests } from './test/own-modules-tests';
import { webTestConfig } from './vitest.config';

/** The web test files that need modules of their own (test/own-modules-tests.ts), each file with its own. */
export default defineProject({
  test: {
    ...webTestConfig,
    name: 'web-own-modules',
    include: ownModulesTests(),
  },
});
