import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { AppError } from '../../http/app-error';
import type { ImportOutcome, ImportTask } from './import-worker';

/**
 * The platform's imports run on a worker thread, never on the thread that answers every other request
 * (docs/decisions/uploads.md#worker-threads): reading, checking and writing a document of up to 32 MiB takes up
 * to a second of CPU. One thread: imports queue behind each other on the database's lock anyway. At a lower
 * scheduling priority (nice +10), started with the first import, ended after a minute without one. From the
 * sources (tsx) the worker loads its TypeScript through tsx; from the build, its own bundle beside the server's.
 */
export function createImportPool() {
  const fromSources = import.meta.url.endsWith('.ts');
  const pool = new Piscina<ImportTask, ImportOutcome>({
    filename: fileURLToPath(
      new URL(fromSources ? './import-worker.ts' : './import-worker.mjs', import.meta.url),
    ),
    execArgv: fromSources ? ['--import', 'tsx'] : [],
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    niceIncrement: 10,
    // The parsed document and its checked copy of the largest body allowed take a few hundred MB.
    resourceLimits: { maxOldGenerationSizeMb: 1024 },
  });

  return {
    /** The import's answer and its log lines; a refusal throws its AppError, a failure the error as it was. */
    async run(task: ImportTask): Promise<Extract<ImportOutcome, { answer: unknown }>> {
      const { body } = task;
      // A body that owns its memory is handed over rather than copied (a pooled small one is copied).
      const owned = body !== undefined && body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
      const outcome = await pool.run(task, { transferList: owned ? [body.buffer as ArrayBuffer] : [] });
      if ('refusal' in outcome) throw new AppError(outcome.refusal.code, outcome.refusal.options);
      if ('failure' in outcome) {
        const { message, stack, code } = outcome.failure;
        // Its code tells the one error path a lost database (503) from a bug (500).
        throw Object.assign(new Error(message), { stack, code });
      }
      return outcome;
    },
    close: () => pool.close(),
  };
}
