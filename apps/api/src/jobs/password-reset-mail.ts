import { eq } from 'drizzle-orm';
import { organizations, users } from '../db/schema';
import { passwordResetMail } from '../mail';
import { createResetKey } from '../modules/account/password-reset';
import type { MailDeps, PasswordResetJob } from './mail-queue';

/**
 * Sends a password reset's e-mail (docs/product/accounts-and-sessions.md#password-reset): a fresh key, its link
 * in the user's language as it is now. Skipped when the user is gone or no longer activated. The key exists only
 * in the mail (the database holds its hash, the job neither), so a job run again sends a new key rather than
 * the same mail twice.
 */
export async function deliverPasswordReset(
  deps: MailDeps,
  job: PasswordResetJob,
): Promise<'sent' | 'skipped'> {
  const [row] = await deps.db
    .select({
      login: users.login,
      langKey: users.langKey,
      activated: users.activated,
      organizationName: organizations.name,
      supportPhone: organizations.supportPhone,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, job.userId));
  if (!row?.activated) return 'skipped';
  const key = await createResetKey(deps.db, job.userId, new Date(job.requestedAt));
  const content = passwordResetMail({
    locale: row.langKey,
    link: `${deps.config.publicUrl}/password-reset/${encodeURIComponent(key)}`,
    organizationName: row.organizationName,
    supportPhone: row.supportPhone,
  });
  await deps.mailer.send({ to: row.login, ...content });
  return 'sent';
}
