import type { ImportFile } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { invites } from '../../db/schema';
import { enqueueInviteMail } from '../../jobs/mail-queue';
import { randomSecret, sha256Hex } from '../../lib/crypto';
import { invitePath } from '../invites/create-invite';
import { loadCompanies } from './buyers-companies';
import { type Counts, type ImportContext, organizationAt, tally, wasInserted } from './import-context';
import { ImportError } from './import-error';

export type InviteLink = { email: string; link: string };

/**
 * Invites, upserted by the hash of their token (the token itself is never stored). An invite without a token
 * gets a fresh one, which only the returned link carries: importing such an entry again creates another. A
 * platform import mails each new OPEN invite its link, through the mail queue (`ImportContext.inviteMails`).
 */
export async function importInvites(
  ctx: ImportContext,
  entries: ImportFile['invites'],
): Promise<{ counts: Counts; links: InviteLink[] }> {
  if (entries.length === 0) return { counts: tally([]), links: [] };
  const companyIndex = await loadCompanies(
    ctx,
    entries.map((invite) => invite.company),
  );
  const links: InviteLink[] = [];
  const returned = [];
  for (const [i, entry] of entries.entries()) {
    const org = organizationAt(ctx, entry.organization, ['invites', i, 'organization']);
    const company = companyIndex.find(entry.company, ['invites', i, 'company'], org);
    const token = entry.token ?? randomSecret(32);
    const values = {
      organizationId: org.id,
      companyId: company.id,
      email: entry.email,
      status: entry.status,
      expiresAt: new Date(entry.expiresAt),
    };
    const [row] = await ctx.tx
      .insert(invites)
      .values({ ...values, tokenHash: sha256Hex(token), createdAt: ctx.now })
      .onConflictDoUpdate({
        target: invites.tokenHash,
        set: values,
        // A token is global; one held by another organization's invite is not this entry's to take over.
        setWhere: eq(invites.organizationId, sql`excluded.organization_id`),
      })
      .returning({ id: invites.id, inserted: wasInserted });
    if (!row)
      throw ImportError.at(
        ['invites', i, 'token'],
        'this token belongs to an invite of another organization',
      );
    returned.push(row);
    if (ctx.inviteMails && row.inserted && entry.status === 'OPEN')
      await enqueueInviteMail(ctx.tx, row.id, ctx.inviteMails.seal(token));
    if (entry.token === undefined) {
      links.push({ email: entry.email, link: invitePath(token, company, org.name) });
    }
  }
  return { counts: tally(returned), links };
}
