import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One embedded PostgreSQL for the run; every test file gets its own database cloned from a migrated template.
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    // Test files share a worker's modules (each still builds its own app on its own database, and nothing in
    // the API mocks a module): the app is imported once per worker instead of once per file, and that import
    // is a large share of the project's time (docs/decisions/test-run-time.md#vitest-figures).
    isolate: false,
    hookTimeout: 60_000,
  },
});
