import type { Executor } from '../../db/client';
import { AppError } from '../../http/app-error';
import { clearBucket, countEvents, lockBucket, recordEvent, windowReopensAt } from '../../lib/rate-limit';

// The brute-force limit of an account (docs/product/accounts-and-sessions.md#brute-force): wrong passwords at
// login, wrong second-factor codes, and wrong passwords or codes sent to the account-security calls all count
// in the same buckets, so a stolen session cannot guess more than a login could.

const WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES_PER_ACCOUNT = 10;
const MAX_FAILURES_PER_ADDRESS = 50;

export type AttemptKey = { organizationId: number; login: string; ip: string };
export type Locked = { retryAt: Date; limit: 'account' | 'address' };

function buckets(key: AttemptKey) {
  return {
    account: `login:account:${key.organizationId}:${key.login}`,
    address: `login:ip:${key.ip}`,
  };
}

/**
 * Takes the account's lock for the rest of the transaction (one attempt at a time, so parallel guesses cannot
 * slip past the count) and answers whether either limit is reached.
 */
export async function openAttempt(tx: Executor, key: AttemptKey, now: Date): Promise<Locked | null> {
  const { account, address } = buckets(key);
  await lockBucket(tx, account);
  const since = new Date(now.getTime() - WINDOW_MS);
  for (const [bucket, max, limit] of [
    [account, MAX_FAILURES_PER_ACCOUNT, 'account'],
    [address, MAX_FAILURES_PER_ADDRESS, 'address'],
  ] as const) {
    if ((await countEvents(tx, bucket, since)) >= max) {
      return { limit, retryAt: await windowReopensAt(tx, bucket, since, WINDOW_MS) };
    }
  }
  return null;
}

export async function recordFailure(tx: Executor, key: AttemptKey, now: Date) {
  const { account, address } = buckets(key);
  await recordEvent(tx, account, now);
  await recordEvent(tx, address, now);
}

/** Only a complete login clears the account's count (a right password alone does not, with a second factor). */
export async function clearFailures(tx: Executor, key: AttemptKey) {
  await clearBucket(tx, buckets(key).account);
}

export function tooManyAttempts(locked: Locked, now: Date) {
  const seconds = Math.max(1, Math.ceil((locked.retryAt.getTime() - now.getTime()) / 1000));
  return new AppError('error.user.tooManyAttempts', { headers: { 'retry-after': String(seconds) } });
}
