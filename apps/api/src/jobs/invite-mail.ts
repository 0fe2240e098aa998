import { eq } from 'drizzle-orm';
import { companies, invites, organizations } from '../db/schema';
import { sha256Hex } from '../lib/crypto';
import { inviteMail } from '../mail';
import { invitePath } from '../modules/invites/create-invite';
import type { MailDeps } from './mail-queue';

/**
 * Sends the mail of an invite a platform import wrote (docs/product/platform-api.md#import-people): the link
 * with its token, which the job carries sealed (the database keeps only the token's SHA-256), in the
 * organization's language, as `npm run ops -- invite` words it. An invite no longer OPEN, or whose token has
 * changed since, is skipped. The Message-ID is stable, so a job run again after a crash is one mail to the
 * receiving server.
 */
export async function deliverInviteMail(
  deps: MailDeps,
  job: { inviteId: number; sealedToken: string },
): Promise<'sent' | 'skipped'> {
  const [row] = await deps.db
    .select({
      email: invites.email,
      status: invites.status,
      tokenHash: invites.tokenHash,
      company: { name: companies.name, identification: companies.identification },
      organization: { name: organizations.name, locale: organizations.locale },
    })
    .from(invites)
    .innerJoin(companies, eq(companies.id, invites.companyId))
    .innerJoin(organizations, eq(organizations.id, invites.organizationId))
    .where(eq(invites.id, job.inviteId));
  if (row?.status !== 'OPEN') return 'skipped';
  const token = deps.secrets.open(job.sealedToken);
  if (sha256Hex(token) !== row.tokenHash) return 'skipped';
  const content = inviteMail({
    locale: row.organization.locale,
    link: `${deps.config.publicUrl}${invitePath(token, row.company, row.organization.name)}`,
    companyName: row.company.name,
    organizationName: row.organization.name,
  });
  const host = new URL(deps.config.publicUrl).hostname;
  await deps.mailer.send({ to: row.email, ...content, messageId: `<invite-${job.inviteId}@${host}>` });
  return 'sent';
}
