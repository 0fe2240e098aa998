import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { audit } from '../../http/audit-log';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { recordSecurityNotice } from '../auth/security-notices';
import type { AuthenticatedUser } from '../auth/tokens';
import { passwordConfirms, wrongPassword } from './confirm-password';

// The transaction PIN (docs/product/account-security.md#pin): 6 digits, stored as argon2id, asked by the calls
// that move money where the program requires it.

/** The fifth wrong PIN in a row locks the PIN for PIN_LOCK_MS. */
export const PIN_MAX_FAILURES = 5;
export const PIN_LOCK_MS = 15 * 60 * 1000;

/**
 * `PUT account/pin`: sets or changes the PIN, the password confirming it. A wrong password counts toward the
 * account's brute-force limit like a wrong one at login (confirm-password.ts), so a stolen session cannot guess
 * the password here; once the limit is reached, 429 error.user.tooManyAttempts whatever the password. A new PIN
 * clears the wrong PINs counted and any PIN lock: the password proves more than the PIN.
 */
export async function setPin(
  db: Database,
  caller: AuthenticatedUser,
  input: { password: string; pin: string },
  { now, ip, log }: { now: Date; ip: string; log: FastifyBaseLogger },
) {
  const who = { userId: caller.id, companyId: caller.defaultCompanyId };
  let outcome: { changed: boolean } | null;
  try {
    outcome = await db.transaction(async (tx) => {
      // The account's lock first, as at login, then the user's row.
      if (!(await passwordConfirms(tx, caller, ip, input.password, now))) return null;
      const pinHash = await hashPassword(input.pin);
      const [before] = await tx.select({ pinHash: users.pinHash }).from(users).where(eq(users.id, caller.id));
      await tx
        .update(users)
        .set({ pinHash, pinFailures: 0, pinLockedUntil: null })
        .where(eq(users.id, caller.id));
      const changed = before?.pinHash != null;
      await recordSecurityNotice(tx, { userId: caller.id, kind: changed ? 'PIN_CHANGED' : 'PIN_SET', now });
      return { changed };
    });
  } catch (error) {
    if (error instanceof AppError) audit(log, 'pin.refused', { ...who, call: 'setPin', code: error.code });
    throw error;
  }
  if (!outcome) {
    // The failure is committed (counted) before the refusal.
    audit(log, 'pin.refused', { ...who, call: 'setPin', code: 'error.invalidpassword' });
    throw wrongPassword('password');
  }
  audit(log, 'pin.set', { ...who, changed: outcome.changed });
}

type PinOutcome =
  | { kind: 'ok' }
  | { kind: 'locked'; until: Date }
  | { kind: 'notRegistered' }
  | { kind: 'required' }
  | { kind: 'mismatch' };

/**
 * Checks the caller's PIN for a call that moves money. Runs in its own transaction, with the user's row locked
 * (one check at a time, so parallel guesses cannot slip past the count), before the call's own: a wrong PIN
 * is counted even though the call is refused, and the call never half-applies.
 *
 * In order: a lock in force → 429 error.user.pinLocked (params.until, Retry-After), whatever the PIN; no PIN
 * set → 400 error.user.pinNotRegistered; no `pin` sent → 400 error.user.pinRequired (not counted); a wrong one
 * → 400 error.user.pinMismatch, and the fifth in a row locks for 15 minutes and answers pinLocked already. A
 * right one clears the count.
 */
export async function checkPin(
  db: Database,
  input: { userId: number; pin: string | undefined },
  now: Date,
): Promise<void> {
  const outcome = await db.transaction(async (tx): Promise<PinOutcome> => {
    const [user] = await tx
      .select({
        pinHash: users.pinHash,
        pinFailures: users.pinFailures,
        pinLockedUntil: users.pinLockedUntil,
      })
      .from(users)
      .where(eq(users.id, input.userId))
      .for('update');
    if (user?.pinLockedUntil && user.pinLockedUntil > now)
      return { kind: 'locked', until: user.pinLockedUntil };
    if (!user?.pinHash) return { kind: 'notRegistered' };
    if (input.pin === undefined) return { kind: 'required' };
    if (await verifyPassword(user.pinHash, input.pin)) {
      if (user.pinFailures !== 0 || user.pinLockedUntil !== null) {
        await tx
          .update(users)
          .set({ pinFailures: 0, pinLockedUntil: null })
          .where(eq(users.id, input.userId));
      }
      return { kind: 'ok' };
    }
    const failures = user.pinFailures + 1;
    if (failures >= PIN_MAX_FAILURES) {
      const until = new Date(now.getTime() + PIN_LOCK_MS);
      await tx.update(users).set({ pinFailures: 0, pinLockedUntil: until }).where(eq(users.id, input.userId));
      return { kind: 'locked', until };
    }
    await tx.update(users).set({ pinFailures: failures }).where(eq(users.id, input.userId));
    return { kind: 'mismatch' };
  });
  // Thrown after the commit: an error inside the transaction would roll the count back.
  switch (outcome.kind) {
    case 'ok':
      return;
    case 'locked':
      throw pinLocked(outcome.until, now);
    case 'notRegistered':
      throw new AppError('error.user.pinNotRegistered');
    case 'required':
      throw new AppError('error.user.pinRequired');
    case 'mismatch':
      throw new AppError('error.user.pinMismatch');
  }
}

function pinLocked(until: Date, now: Date) {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError('error.user.pinLocked', {
    params: { until: until.getTime() },
    headers: { 'retry-after': String(seconds) },
  });
}

/** What a call that moves money knows of who asks with which PIN. */
export type PinProof = {
  caller: AuthenticatedUser;
  pin: string | undefined;
  now: Date;
  log: FastifyBaseLogger;
};

/**
 * The PIN gate of a call that moves money, once the participation is known to be the caller's: where its
 * program requires the PIN, checkPin, with a refusal logged; elsewhere a PIN sent is ignored.
 */
export async function checkProgramPin(
  db: Database,
  access: { program: { requirePin: boolean }; company: { id: number } },
  { caller, pin, now, log }: PinProof,
): Promise<void> {
  if (!access.program.requirePin) return;
  try {
    await checkPin(db, { userId: caller.id, pin }, now);
  } catch (error) {
    if (error instanceof AppError) {
      audit(log, 'pin.refused', { userId: caller.id, companyId: access.company.id, code: error.code });
    }
    throw error;
  }
}
