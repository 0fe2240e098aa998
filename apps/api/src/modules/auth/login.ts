import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { verifyAgainstNothing, verifyPassword } from '../../lib/passwords';
import { clearBucket, countEvents, lockBucket, recordEvent, windowReopensAt } from '../../lib/rate-limit';
import { issueToken } from './tokens';

const WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES_PER_ACCOUNT = 10;
const MAX_FAILURES_PER_ADDRESS = 50;

type LoginInput = { organizationId: number; username: string; password: string; ip: string };
type Outcome =
  | { kind: 'ok'; token: string }
  | { kind: 'invalid' }
  | { kind: 'notActivated' }
  | { kind: 'locked'; retryAt: Date };

/**
 * Password login with a brute-force limit kept in PostgreSQL. Unknown user and wrong password give the
 * same answer after the same work (an argon2 verification either way).
 */
export async function login(
  db: Database,
  input: LoginInput,
  { now, ttlSeconds }: { now: Date; ttlSeconds: number },
) {
  const login = input.username.trim().toLowerCase();
  const accountBucket = `login:account:${input.organizationId}:${login}`;
  const addressBucket = `login:ip:${input.ip}`;
  const since = new Date(now.getTime() - WINDOW_MS);

  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    // One attempt at a time per account, so parallel guesses cannot slip past the counter.
    await lockBucket(tx, accountBucket);
    for (const [bucket, max] of [
      [accountBucket, MAX_FAILURES_PER_ACCOUNT],
      [addressBucket, MAX_FAILURES_PER_ADDRESS],
    ] as const) {
      if ((await countEvents(tx, bucket, since)) >= max) {
        return { kind: 'locked', retryAt: await windowReopensAt(tx, bucket, since, WINDOW_MS) };
      }
    }
    const [user] = await tx
      .select({ id: users.id, passwordHash: users.passwordHash, activated: users.activated })
      .from(users)
      .where(and(eq(users.organizationId, input.organizationId), eq(users.login, login)));
    const passwordOk = user
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyAgainstNothing(input.password);
    if (!user || !passwordOk) {
      await recordEvent(tx, accountBucket, now);
      await recordEvent(tx, addressBucket, now);
      return { kind: 'invalid' };
    }
    if (!user.activated) return { kind: 'notActivated' };
    await clearBucket(tx, accountBucket);
    return { kind: 'ok', token: await issueToken(tx, user.id, now, ttlSeconds) };
  });

  switch (outcome.kind) {
    case 'ok':
      return { token: outcome.token };
    case 'invalid':
      throw new AppError('error.invalidpassword');
    case 'notActivated':
      throw new AppError('error.user.notActivated');
    case 'locked': {
      const seconds = Math.max(1, Math.ceil((outcome.retryAt.getTime() - now.getTime()) / 1000));
      throw new AppError('error.user.tooManyAttempts', { headers: { 'retry-after': String(seconds) } });
    }
  }
}
