import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { audit } from '../../http/audit-log';
import { verifyAgainstNothing, verifyPassword } from '../../lib/passwords';
import { clearBucket, countEvents, lockBucket, recordEvent, windowReopensAt } from '../../lib/rate-limit';
import { issueToken } from './tokens';

const WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES_PER_ACCOUNT = 10;
const MAX_FAILURES_PER_ADDRESS = 50;

type LoginInput = { organizationId: number; username: string; password: string; ip: string };
/** Who the attempt was for, when the account exists: only for the audit line, never for the answer. */
type Known = { userId: number | null; companyId: number | null };
type Outcome =
  | ({ kind: 'ok'; token: string } & Known)
  | ({ kind: 'invalid' } & Known)
  | ({ kind: 'notActivated' } & Known)
  | { kind: 'locked'; retryAt: Date; limit: 'account' | 'address' };

/**
 * Password login with a brute-force limit kept in PostgreSQL. Unknown user and wrong password give the
 * same answer after the same work (an argon2 verification either way). Every outcome is one audit line.
 */
export async function login(
  db: Database,
  input: LoginInput,
  { now, ttlSeconds, log }: { now: Date; ttlSeconds: number; log: FastifyBaseLogger },
) {
  const login = input.username.trim().toLowerCase();
  const accountBucket = `login:account:${input.organizationId}:${login}`;
  const addressBucket = `login:ip:${input.ip}`;
  const since = new Date(now.getTime() - WINDOW_MS);

  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    // One attempt at a time per account, so parallel guesses cannot slip past the counter.
    await lockBucket(tx, accountBucket);
    for (const [bucket, max, limit] of [
      [accountBucket, MAX_FAILURES_PER_ACCOUNT, 'account'],
      [addressBucket, MAX_FAILURES_PER_ADDRESS, 'address'],
    ] as const) {
      if ((await countEvents(tx, bucket, since)) >= max) {
        return { kind: 'locked', limit, retryAt: await windowReopensAt(tx, bucket, since, WINDOW_MS) };
      }
    }
    const [user] = await tx
      .select({
        id: users.id,
        passwordHash: users.passwordHash,
        activated: users.activated,
        defaultCompanyId: users.defaultCompanyId,
      })
      .from(users)
      .where(and(eq(users.organizationId, input.organizationId), eq(users.login, login)));
    const passwordOk = user
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyAgainstNothing(input.password);
    const known = { userId: user?.id ?? null, companyId: user?.defaultCompanyId ?? null };
    if (!user || !passwordOk) {
      await recordEvent(tx, accountBucket, now);
      await recordEvent(tx, addressBucket, now);
      return { kind: 'invalid', ...known };
    }
    if (!user.activated) return { kind: 'notActivated', ...known };
    await clearBucket(tx, accountBucket);
    return { kind: 'ok', token: await issueToken(tx, user.id, now, ttlSeconds), ...known };
  });

  const attempt = { login, organizationId: input.organizationId, ip: input.ip };
  switch (outcome.kind) {
    case 'ok':
      audit(log, 'login.succeeded', { userId: outcome.userId, companyId: outcome.companyId, ...attempt });
      return { token: outcome.token };
    case 'invalid':
    case 'notActivated':
      audit(log, 'login.failed', {
        userId: outcome.userId,
        companyId: outcome.companyId,
        ...attempt,
        reason: outcome.kind,
      });
      throw new AppError(outcome.kind === 'invalid' ? 'error.invalidpassword' : 'error.user.notActivated');
    case 'locked': {
      audit(log, 'login.failed', {
        userId: null,
        companyId: null,
        ...attempt,
        reason: `locked:${outcome.limit}`,
      });
      const seconds = Math.max(1, Math.ceil((outcome.retryAt.getTime() - now.getTime()) / 1000));
      throw new AppError('error.user.tooManyAttempts', { headers: { 'retry-after': String(seconds) } });
    }
  }
}
