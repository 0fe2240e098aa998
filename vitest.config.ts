import { defineConfig } from 'vitest/config';

// One runner for every workspace; each project keeps its own setup (the API's starts PostgreSQL).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/api', 'apps/web'],
    // Vitest's default is one worker less than the cores: one worker on the 2-core CI machine, idle while an
    // API test waits on PostgreSQL (its own process). Two keep both cores busy. VITEST_MAX_WORKERS overrides.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
  },
});
