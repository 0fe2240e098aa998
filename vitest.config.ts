import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take tens of seconds each: server processes started, killed and restarted, and 5,000 parallel
 * requests in concurrency.test.ts.
 */
const slowFiles =
  /\/apps\/api\/(test\/(crash-recovery|backup-restore|mail-outbox-crash|database-outage|server-lifecycle|[a-z-]+-processes)|src\/modules\/batches\/concurrency)\.test\.ts$/;

/**
 * Vitest starts the files that took longest in an earlier run first; a fresh clone (CI) has no earlier run, and
 * then a slow file could start last while the other workers sit idle. So the slow files go first, in vitest's
 * order among themselves, then every other file in vitest's order.
 */
class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const isSlow = (file: TestSpecification) => slowFiles.test(file.moduleId);
    return [...sorted.filter(isSlow), ...sorted.filter((file) => !isSlow(file))];
  }
}

// One runner for every workspace; each project keeps its own setup (the API's starts PostgreSQL).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/api', 'apps/web', 'apps/web/vitest.own-modules.config.ts'],
    // Vitest's default is one worker less than the cores: one worker on the 2-core CI machine, idle while an
    // API test waits on PostgreSQL (its own process) or on a server it started and killed. Three keep both
    // cores busy while API tests wait (the run with one, two and three workers:
    // docs/decisions/test-run-time.md#vitest-figures). VITEST_MAX_WORKERS overrides.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    sequence: { sequencer: SlowFilesFirst },
  },
});
