import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { mfaChallenges, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { audit } from '../../http/audit-log';
import { randomSecret, sha256Hex } from '../../lib/crypto';
import { verifyAgainstNothing, verifyPassword } from '../../lib/passwords';
import type { SecretBox } from '../../lib/secret-box';
import {
  type AttemptKey,
  clearFailures,
  type Locked,
  openAttempt,
  recordFailure,
  tooManyAttempts,
} from './login-attempts';
import { spendSecondFactor } from './second-factor';
import { issueToken, type SessionOrigin } from './tokens';

const MFA_TOKEN_TTL_MS = 5 * 60 * 1000;

type LoginInput = { organizationId: number; username: string; password: string; ip: string };
type Options = { now: Date; ttlSeconds: number; log: FastifyBaseLogger; origin: SessionOrigin };
/** Who the attempt was for, when the account exists: only for the audit line, never for the answer. */
type Known = { userId: number | null; companyId: number | null };
type Outcome =
  | ({ kind: 'ok'; token: string; secondFactor?: 'totp' | 'recovery' } & Known)
  | ({ kind: 'mfaRequired'; mfaToken: string } & Known)
  | ({ kind: 'invalid' | 'notActivated' | 'otpInvalid' } & Known)
  | { kind: 'mfaTokenInvalid' }
  | ({ kind: 'locked' } & Locked);

/**
 * Password login with a brute-force limit kept in PostgreSQL. Unknown user and wrong password give the
 * same answer after the same work (an argon2 verification either way). With a second factor on, the right
 * password answers `mfa_required` and an `mfa_token` for `completeMfaLogin`, and the failure count stays until
 * the code is right too. Every outcome is one audit line.
 */
export async function login(db: Database, input: LoginInput, options: Options) {
  const { now } = options;
  const key: AttemptKey = {
    organizationId: input.organizationId,
    login: input.username.trim().toLowerCase(),
    ip: input.ip,
  };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const locked = await openAttempt(tx, key, now);
    if (locked) return { kind: 'locked', ...locked };
    const [user] = await tx
      .select({
        id: users.id,
        passwordHash: users.passwordHash,
        activated: users.activated,
        defaultCompanyId: users.defaultCompanyId,
        twoFactorOn: users.totpEnabledAt,
      })
      .from(users)
      .where(and(eq(users.organizationId, input.organizationId), eq(users.login, key.login)));
    const passwordOk = user
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyAgainstNothing(input.password);
    const known = { userId: user?.id ?? null, companyId: user?.defaultCompanyId ?? null };
    if (!user || !passwordOk) {
      await recordFailure(tx, key, now);
      return { kind: 'invalid', ...known };
    }
    if (!user.activated) return { kind: 'notActivated', ...known };
    if (user.twoFactorOn) {
      const mfaToken = randomSecret(32);
      await tx.insert(mfaChallenges).values({
        userId: user.id,
        tokenHash: sha256Hex(mfaToken),
        createdAt: now,
        expiresAt: new Date(now.getTime() + MFA_TOKEN_TTL_MS),
      });
      return { kind: 'mfaRequired', mfaToken, ...known };
    }
    await clearFailures(tx, key);
    return {
      kind: 'ok',
      token: await issueToken(tx, user.id, now, options.ttlSeconds, options.origin),
      ...known,
    };
  });
  return answer(outcome, key, options);
}

type MfaInput = { organizationId: number; mfaToken: string; otp: string; ip: string };

/**
 * The `mfa_otp` grant: the token of a right password (5 minutes, one success) and a code of the app or a
 * recovery code. Wrong codes count toward the account's brute-force limit like wrong passwords.
 */
export async function completeMfaLogin(db: Database, secrets: SecretBox, input: MfaInput, options: Options) {
  const { now } = options;
  const [found] = await db
    .select({ login: users.login, organizationId: users.organizationId })
    .from(mfaChallenges)
    .innerJoin(users, eq(users.id, mfaChallenges.userId))
    .where(eq(mfaChallenges.tokenHash, sha256Hex(input.mfaToken)));
  if (!found || found.organizationId !== input.organizationId) {
    return answer({ kind: 'mfaTokenInvalid' }, null, options);
  }
  const key: AttemptKey = { organizationId: input.organizationId, login: found.login, ip: input.ip };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const locked = await openAttempt(tx, key, now);
    if (locked) return { kind: 'locked', ...locked };
    const [challenge] = await tx
      .select({
        id: mfaChallenges.id,
        expiresAt: mfaChallenges.expiresAt,
        usedAt: mfaChallenges.usedAt,
        userId: users.id,
        defaultCompanyId: users.defaultCompanyId,
        totpSecretSealed: users.totpSecretSealed,
        totpLastStep: users.totpLastStep,
        activated: users.activated,
      })
      .from(mfaChallenges)
      .innerJoin(users, eq(users.id, mfaChallenges.userId))
      .where(eq(mfaChallenges.tokenHash, sha256Hex(input.mfaToken)))
      .for('update');
    if (!challenge || challenge.usedAt || challenge.expiresAt <= now || !challenge.activated) {
      return { kind: 'mfaTokenInvalid' };
    }
    const known = { userId: challenge.userId, companyId: challenge.defaultCompanyId };
    const user = { ...challenge, id: challenge.userId };
    const spent = await spendSecondFactor(tx, secrets, user, input.otp, now);
    if (!spent) {
      await recordFailure(tx, key, now);
      return { kind: 'otpInvalid', ...known };
    }
    await tx.update(mfaChallenges).set({ usedAt: now }).where(eq(mfaChallenges.id, challenge.id));
    await clearFailures(tx, key);
    const token = await issueToken(tx, user.id, now, options.ttlSeconds, options.origin);
    return { kind: 'ok', token, secondFactor: spent, ...known };
  });
  return answer(outcome, key, options);
}

function answer(outcome: Outcome, key: AttemptKey | null, { now, log }: Options): { token: string } {
  const attempt = key ? { login: key.login, organizationId: key.organizationId, ip: key.ip } : {};
  switch (outcome.kind) {
    case 'ok':
      audit(log, 'login.succeeded', {
        userId: outcome.userId,
        companyId: outcome.companyId,
        ...attempt,
        ...(outcome.secondFactor && { secondFactor: outcome.secondFactor }),
      });
      return { token: outcome.token };
    case 'mfaRequired':
      // Not a failure: the password was right. Said at info level by the second step's own line.
      throw new AppError('error.user.mfaRequired', { mfaToken: outcome.mfaToken });
    case 'invalid':
    case 'notActivated':
    case 'otpInvalid':
      audit(log, 'login.failed', {
        userId: outcome.userId,
        companyId: outcome.companyId,
        ...attempt,
        reason: outcome.kind,
      });
      throw new AppError(
        outcome.kind === 'invalid'
          ? 'error.invalidpassword'
          : outcome.kind === 'notActivated'
            ? 'error.user.notActivated'
            : 'error.user.otpInvalid',
      );
    case 'mfaTokenInvalid':
      audit(log, 'login.failed', { userId: null, companyId: null, ...attempt, reason: 'mfaTokenInvalid' });
      throw new AppError('error.user.mfaTokenInvalid');
    case 'locked':
      audit(log, 'login.failed', {
        userId: null,
        companyId: null,
        ...attempt,
        reason: `locked:${outcome.limit}`,
      });
      throw tooManyAttempts(outcome, now);
  }
}
