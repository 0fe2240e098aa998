import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { recoveryCodes, users } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';
import { recordSecurityNotice } from './security-notices';
import { recoveryCodeHash, totpStepOf } from './totp';

export type SecondFactorUser = { id: number; totpSecretSealed: string | null; totpLastStep: number | null };

/**
 * Accepts a code of the app or an unused recovery code, and spends it: the code's step becomes the last one
 * accepted (so it cannot serve again), the recovery code is marked used and its owner told by e-mail. Run inside the caller's transaction,
 * with the user's row locked, so two requests cannot spend the same code.
 */
export async function spendSecondFactor(
  tx: Tx,
  secrets: SecretBox,
  user: SecondFactorUser,
  otp: string,
  now: Date,
): Promise<'totp' | 'recovery' | null> {
  if (!user.totpSecretSealed) return null;
  const step = totpStepOf(secrets.open(user.totpSecretSealed), otp.trim(), now);
  if (step !== null) {
    if (user.totpLastStep !== null && step <= user.totpLastStep) return null;
    await tx.update(users).set({ totpLastStep: step }).where(eq(users.id, user.id));
    return 'totp';
  }
  const [spent] = await tx
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, user.id),
        eq(recoveryCodes.codeHash, recoveryCodeHash(otp)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  if (!spent) return null;
  await recordSecurityNotice(tx, { userId: user.id, kind: 'RECOVERY_CODE_USED', now });
  return 'recovery';
}
