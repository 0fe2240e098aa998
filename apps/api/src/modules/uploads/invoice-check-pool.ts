import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { AppError } from '../../http/app-error';
import type { CreditFacts } from './invoice-check';
import type { InvoiceCheckOutcome, InvoiceCheckTask } from './invoice-check-worker';

/**
 * Far beyond the check of the largest file the bounds let through (invoice-bounds.ts; 2–3 s of CPU), queue and a
 * busy machine included; the upload's own limit is invoiceUpload.timeoutMs (120 s).
 */
const CHECK_TIMEOUT_MS = 60_000;

/**
 * The uploaded electronic invoices are checked on worker threads, never on the thread that answers every
 * other request (docs/decisions/uploads.md#worker-threads): a check takes up to a few seconds of CPU, and the
 * event loop must not wait for it. One thread fewer than the cores, at least one, at a lower scheduling
 * priority (nice +10): when the machine is busy, the threads answering requests get the CPU first. A thread starts
 * with the first upload and ends after a minute without one. Run from the sources (tsx: `npm run dev`, the tests), the
 * worker loads its TypeScript through tsx as well; from the build, its own bundle beside the server's.
 */
export function createInvoiceCheckPool() {
  const fromSources = import.meta.url.endsWith('.ts');
  const pool = new Piscina<InvoiceCheckTask, InvoiceCheckOutcome>({
    filename: fileURLToPath(
      new URL(fromSources ? './invoice-check-worker.ts' : './invoice-check-worker.mjs', import.meta.url),
    ),
    execArgv: fromSources ? ['--import', 'tsx'] : [],
    minThreads: 0,
    maxThreads: Math.max(1, availableParallelism() - 1),
    idleTimeout: 60_000,
    niceIncrement: 10,
    // A DOM of the largest file allowed takes tens of MB; a thread that needs more is ended, not the process.
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });

  return {
    /** The access key of the checked invoice; throws the check's AppError when it is refused. */
    async check(path: string, credit: CreditFacts): Promise<{ accessKey: string }> {
      let outcome: InvoiceCheckOutcome;
      try {
        outcome = await pool.run({ path, credit }, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
      } catch (error) {
        if ((error as Error).name !== 'AbortError') throw error;
        throw new AppError('error.serviceUnavailable', { headers: { 'retry-after': '30' } });
      }
      if ('refusal' in outcome) {
        throw new AppError(outcome.refusal.code, { fieldErrors: outcome.refusal.fieldErrors });
      }
      return outcome;
    },
    close: () => pool.close(),
  };
}
