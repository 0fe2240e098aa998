import { defineConfig } from 'vitest/config';

// One runner for every workspace; each project keeps its own setup (the API's starts PostgreSQL).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/api', 'apps/web', 'apps/web/vitest.own-modules.config.ts'],
    // Vitest's default is one worker less than the cores: one worker on the 2-core CI machine, idle while an
    // API test waits on PostgreSQL (its own process) or on a server it started and killed. Three keep both
    // cores busy while API tests wait (the run with one, two and three workers:
    // docs/decisions/test-run-time.md#vitest-figures). VITEST_MAX_WORKERS overrides.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
  },
});
