import { type Config, loadConfig } from '../../config';
import { openDatabase } from '../../db/open';
import { clockFrom } from '../../lib/clock';
import { type BatchOutcome, SettleBatchError, settleBatch } from '../../modules/batches/settle-batch';

type Io = { out: (msg: string) => void; err: (msg: string) => void };

export const batchSynopsis = 'batch <id> paid|rejected';
export const batchSummary = 'settle an early-payment request (rejected releases its credits)';
const USAGE_ERROR = 2;

const outcomes: Record<string, BatchOutcome> = { paid: 'PAID', rejected: 'REJECTED' };

/**
 * `npm run ops -- batch <id> paid|rejected`: moves a REQUESTED batch to PAID or REJECTED, with an audit
 * row. Exit codes: 0 done, 1 refused (unknown batch, or a batch that is no longer REQUESTED), 2 bad usage.
 */
export async function runBatch(args: string[], io: Io, config: Config = loadConfig()): Promise<number> {
  const input = parseBatchArgs(args);
  if (!input) {
    io.err(`usage: npm run ops -- ${batchSynopsis}`);
    return USAGE_ERROR;
  }
  const database = await openDatabase(config, io.out);
  try {
    const settled = await settleBatch(database.db, { ...input, now: clockFrom(config.appNow).now() });
    const released = settled.to === 'REJECTED' ? ', released' : '';
    const credits = `${settled.creditIds.length} credit${settled.creditIds.length === 1 ? '' : 's'}`;
    io.out(`batch ${settled.id}: ${settled.from} → ${settled.to} (${credits}${released})`);
    return 0;
  } catch (err) {
    if (!(err instanceof SettleBatchError)) throw err;
    io.err(`batch: ${err.message}`);
    return 1;
  } finally {
    await database.close();
  }
}

function parseBatchArgs(args: string[]): { batchId: number; to: BatchOutcome } | undefined {
  const [id, outcome, ...rest] = args;
  if (!id || !outcome || rest.length > 0 || !/^[1-9]\d{0,9}$/.test(id)) return undefined;
  const batchId = Number(id);
  const to = outcomes[outcome.toLowerCase()];
  if (!to || batchId > 2_147_483_647) return undefined;
  return { batchId, to };
}
