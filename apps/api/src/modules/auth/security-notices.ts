import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { type SecurityNoticeKind, securityNotices, users } from '../../db/schema';
import { enqueueSecurityNoticeMail } from '../../jobs/mail-queue';

/**
 * Tells a user by e-mail that their account's protection changed (docs/product/account-security.md#security-notices):
 * always, whatever their e-mail preferences, so someone who took over a session cannot change the account
 * unnoticed. Written in the transaction of the change, with its e-mail's job: the notice goes out if and only if
 * the change committed.
 */
export async function recordSecurityNotice(
  tx: Tx,
  notice: { userId: number; kind: SecurityNoticeKind; now: Date },
): Promise<void> {
  const [user] = await tx
    .select({ organizationId: users.organizationId })
    .from(users)
    .where(eq(users.id, notice.userId));
  if (!user) return;
  const [row] = await tx
    .insert(securityNotices)
    .values({
      organizationId: user.organizationId,
      userId: notice.userId,
      kind: notice.kind,
      createdAt: notice.now,
    })
    .returning({ id: securityNotices.id });
  await enqueueSecurityNoticeMail(tx, row!.id);
}
