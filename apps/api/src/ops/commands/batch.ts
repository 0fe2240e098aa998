import { type Config, loadConfig } from '../../config';
import { openDatabase } from '../../db/open';
import { clockFrom } from '../../lib/clock';
import { SettleBatchError, type SettleOutcome, settleBatch } from '../../modules/batches/settle-batch';

type Io = { out: (msg: string) => void; err: (msg: string) => void };

export const batchSynopsis = 'batch <id> paid [--reference "…"] | rejected [--reason "…"]';
export const batchSummary =
  'settle an early-payment request (rejected releases its credits; the reason is shown to the supplier)';
const USAGE_ERROR = 2;

const outcomes: Record<string, SettleOutcome> = { paid: 'PAID', rejected: 'REJECTED' };

/**
 * `npm run ops -- batch <id> paid [--reference "…"] | rejected [--reason "…"]`: moves a REQUESTED batch to PAID
 * (with the payment's reference, at most 64 characters) or REJECTED (with a reason, at most 500), with an audit
 * row, an event and the notices to the company's users (their inbox, and e-mail through the outbox): the code the
 * platform API's settlement runs too. The same settlement again changes nothing and says so. Exit codes: 0 done
 * (or already so), 1 refused (unknown batch, or one settled otherwise), 2 bad usage.
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
    if (settled.repeated) {
      io.out(`batch ${settled.id} is already ${settled.to}: nothing changed`);
      return 0;
    }
    const released = settled.to === 'REJECTED' ? ', released' : '';
    const credits = `${settled.creditIds.length} credit${settled.creditIds.length === 1 ? '' : 's'}`;
    io.out(`batch ${settled.id}: REQUESTED → ${settled.to} (${credits}${released})`);
    return 0;
  } catch (err) {
    if (!(err instanceof SettleBatchError)) throw err;
    io.err(`batch: ${err.detail}`);
    return 1;
  } finally {
    await database.close();
  }
}

/** The flag each outcome takes, and how long its text may be. */
const textOf = { REJECTED: ['--reason', 500], PAID: ['--reference', 64] } as const;

function parseBatchArgs(
  args: string[],
):
  | { batchId: number; to: SettleOutcome; reason: string | null; paymentReference: string | null }
  | undefined {
  const [id, outcome, ...rest] = args;
  if (!id || !outcome || !/^[1-9]\d{0,9}$/.test(id)) return undefined;
  const batchId = Number(id);
  const to = outcomes[outcome.toLowerCase()];
  if (!to || batchId > 2_147_483_647) return undefined;
  if (rest.length === 0) return { batchId, to, reason: null, paymentReference: null };
  const [flag, given, ...more] = rest;
  const text = given?.trim();
  const [expected, max] = textOf[to];
  if (flag !== expected || !text || more.length > 0 || text.length > max) return undefined;
  return to === 'REJECTED'
    ? { batchId, to, reason: text, paymentReference: null }
    : { batchId, to, reason: null, paymentReference: text };
}
