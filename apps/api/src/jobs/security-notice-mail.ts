import { eq } from 'drizzle-orm';
import { organizations, securityNotices, users } from '../db/schema';
import { formatInstant } from '../lib/format';
import { normalizeLocale, securityNoticeMail } from '../mail';
import type { MailDeps } from './mail-queue';

/**
 * Sends a security notice's e-mail, in the user's language as it is now: never skipped for a preference (these
 * are always on). As an inbox item's mail, `mailed_at` turns a job run again after a crash into a skip, and the
 * Message-ID is stable.
 */
export async function deliverSecurityNotice(deps: MailDeps, noticeId: number): Promise<'sent' | 'skipped'> {
  const [row] = await deps.db
    .select({
      notice: securityNotices,
      login: users.login,
      langKey: users.langKey,
      organizationName: organizations.name,
      supportPhone: organizations.supportPhone,
      timeZone: organizations.timezone,
    })
    .from(securityNotices)
    .innerJoin(users, eq(users.id, securityNotices.userId))
    .innerJoin(organizations, eq(organizations.id, securityNotices.organizationId))
    .where(eq(securityNotices.id, noticeId));
  if (!row || row.notice.mailedAt) return 'skipped';
  const locale = normalizeLocale(row.langKey);
  const content = securityNoticeMail({
    locale,
    kind: row.notice.kind,
    organizationName: row.organizationName,
    login: row.login,
    when: formatInstant(locale, row.notice.createdAt, row.timeZone, { zone: true }),
    resetLink: `${deps.config.publicUrl}/forgot-password`,
    supportPhone: row.supportPhone,
  });
  const host = new URL(deps.config.publicUrl).hostname;
  await deps.mailer.send({ to: row.login, ...content, messageId: `<security-notice-${noticeId}@${host}>` });
  await deps.db.update(securityNotices).set({ mailedAt: new Date() }).where(eq(securityNotices.id, noticeId));
  return 'sent';
}
