import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { verifyPassword } from '../../lib/passwords';
import { type AttemptKey, openAttempt, recordFailure, tooManyAttempts } from '../auth/login-attempts';
import type { AuthenticatedUser } from '../auth/tokens';

/** The caller's attempt key: their account's bucket and the address the call came from. */
export function attemptKeyOf(caller: AuthenticatedUser, ip: string): AttemptKey {
  return { organizationId: caller.organizationId, login: caller.login, ip };
}

/**
 * A security change confirmed by the password, inside the caller's transaction: the account's brute-force limit
 * holds (429 once reached) and a wrong password counts toward it, so a stolen session cannot guess the
 * password here faster than at login. Answers whether it was right; the caller commits the failure and then
 * refuses with `wrongPassword(field)`.
 */
export async function passwordConfirms(
  tx: Executor,
  caller: AuthenticatedUser,
  ip: string,
  password: string,
  now: Date,
): Promise<boolean> {
  const key = attemptKeyOf(caller, ip);
  const locked = await openAttempt(tx, key, now);
  if (locked) throw tooManyAttempts(locked, now);
  const [row] = await tx
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, caller.id));
  if (row && (await verifyPassword(row.passwordHash, password))) return true;
  await recordFailure(tx, key, now);
  return false;
}

/** A wrong password on a form: 400 (the session is fine; the field is wrong), on the field that holds it. */
export function wrongPassword(field: string) {
  return new AppError('error.invalidpassword', {
    status: 400,
    fieldErrors: [{ field, message: 'error.invalidpassword' }],
  });
}
