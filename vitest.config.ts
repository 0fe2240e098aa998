import { defineConfig } from 'vitest/config';

// One runner for every workspace; each project keeps its own setup (the API's starts PostgreSQL).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/api', 'apps/web'],
  },
});
