import { defineConfig } from 'vitest/config';

// One runner for every workspace; each project keeps its own setup (the API's starts PostgreSQL).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/api', 'apps/web', 'apps/web/vitest.own-modules.config.ts'],
    // Vitest's default is one worker less than the cores: one worker on the 2-core CI machine, idle while an
    // API test waits on PostgreSQL (its own process) or on a server it started and killed. Three keep both
    // cores busy: the whole run took 260 s with one, 179 s with two and 150 s with three (2 cores, quiet,
    // API files sharing their worker's modules). VITEST_MAX_WORKERS overrides.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
  },
});
