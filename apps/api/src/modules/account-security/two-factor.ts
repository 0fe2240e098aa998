import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizations, recoveryCodes, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { openAttempt, recordFailure, tooManyAttempts } from '../auth/login-attempts';
import { spendSecondFactor } from '../auth/second-factor';
import { recordSecurityNotice } from '../auth/security-notices';
import type { AuthenticatedUser } from '../auth/tokens';
import { revokeUserTokens } from '../auth/tokens';
import { newRecoveryCodes, newTotpSecret, otpauthUri, recoveryCodeHash } from '../auth/totp';
import { attemptKeyOf, passwordConfirms, wrongPassword } from './confirm-password';

// Enrolling and removing the second factor (docs/product/account-security.md#second-factor). Each change runs
// in one transaction with the user's row locked; a refusal commits only the counted failure.

type Context = { db: Database; secrets: SecretBox; now: Date; ip: string };
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The account's attempt lock first, then the user's row: the order the login takes them in, so a login and a
 * change of the same account never wait on each other crosswise. 429 once the account's limit is reached.
 */
async function lockedUser(tx: Transaction, caller: AuthenticatedUser, ctx: Context) {
  const locked = await openAttempt(tx, attemptKeyOf(caller, ctx.ip), ctx.now);
  if (locked) throw tooManyAttempts(locked, ctx.now);
  const [row] = await tx
    .select({
      id: users.id,
      totpSecretSealed: users.totpSecretSealed,
      totpEnabledAt: users.totpEnabledAt,
      totpLastStep: users.totpLastStep,
    })
    .from(users)
    .where(eq(users.id, caller.id))
    .for('update');
  if (!row) throw new AppError('error.http.unauthorized');
  return row;
}

/** A new pending secret and its QR code; the password confirms it. */
export async function setUpTwoFactor(ctx: Context, caller: AuthenticatedUser, password: string) {
  const secret = newTotpSecret();
  const confirmed = await ctx.db.transaction(async (tx) => {
    const user = await lockedUser(tx, caller, ctx);
    if (user.totpEnabledAt) throw new AppError('error.user.twoFactorAlreadyEnabled');
    if (!(await passwordConfirms(tx, caller, ctx.ip, password, ctx.now))) return false;
    await tx
      .update(users)
      .set({ totpSecretSealed: ctx.secrets.seal(secret), totpLastStep: null })
      .where(eq(users.id, caller.id));
    return true;
  });
  if (!confirmed) throw wrongPassword('password');
  const [organization] = await ctx.db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, caller.organizationId));
  return otpauthUri(secret, organization?.name ?? 'Portal', caller.login);
}

/**
 * A code of the app turns the pending secret on; ten recovery codes are made (their hashes kept) and the
 * user's other sessions end.
 */
export async function enableTwoFactor(ctx: Context, caller: AuthenticatedUser, code: string) {
  const result = await ctx.db.transaction(async (tx) => {
    const user = await lockedUser(tx, caller, ctx);
    if (user.totpEnabledAt) throw new AppError('error.user.twoFactorAlreadyEnabled');
    if (!user.totpSecretSealed) throw new AppError('error.user.twoFactorNotSetUp');
    const key = attemptKeyOf(caller, ctx.ip);
    // Only the app's codes: recovery codes do not exist yet.
    if ((await spendSecondFactor(tx, ctx.secrets, user, code, ctx.now)) !== 'totp') {
      await recordFailure(tx, key, ctx.now);
      return null;
    }
    const codes = newRecoveryCodes();
    await tx.update(users).set({ totpEnabledAt: ctx.now }).where(eq(users.id, caller.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, caller.id));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((c) => ({ userId: caller.id, codeHash: recoveryCodeHash(c) })));
    await revokeUserTokens(tx, caller.id, ctx.now, caller.tokenHash);
    return codes;
  });
  if (!result) throw otpRefused();
  return result;
}

/** Off with the password and a code (or a recovery code); not where the organization requires it. */
export async function disableTwoFactor(
  ctx: Context,
  caller: AuthenticatedUser,
  input: { password: string; code: string },
) {
  if (caller.twoFactorRequired) throw new AppError('error.user.twoFactorRequired');
  const refusal = await ctx.db.transaction(async (tx) => {
    const user = await lockedUser(tx, caller, ctx);
    if (!user.totpEnabledAt) throw new AppError('error.user.twoFactorNotEnabled');
    if (!(await passwordConfirms(tx, caller, ctx.ip, input.password, ctx.now)))
      return wrongPassword('password');
    if (!(await spendSecondFactor(tx, ctx.secrets, user, input.code, ctx.now))) {
      await recordFailure(tx, attemptKeyOf(caller, ctx.ip), ctx.now);
      return otpRefused();
    }
    await tx
      .update(users)
      .set({ totpSecretSealed: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(users.id, caller.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, caller.id));
    await recordSecurityNotice(tx, { userId: caller.id, kind: 'TWO_FACTOR_DISABLED', now: ctx.now });
    return null;
  });
  if (refusal) throw refusal;
}

function otpRefused() {
  return new AppError('error.user.otpInvalid', {
    fieldErrors: [{ field: 'code', message: 'error.user.otpInvalid' }],
  });
}
