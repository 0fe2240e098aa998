import type { ErrorCode, InviteStatus } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, invites, organizations, rateLimitEvents } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { sha256Hex } from '../../lib/crypto';

const statusErrors: Record<Exclude<InviteStatus, 'OPEN'>, ErrorCode> = {
  CLOSED: 'error.invite.closed',
  CONFIRMED: 'error.invite.confirmed',
  WAITING_CONFIRMATION: 'error.invite.waitingConfirmation',
};

/**
 * The invite of a token, with what the wizard shows and what acceptance needs. Unknown or expired: 404
 * error.invite.not.found; any status but OPEN: its own 400 (only OPEN lets the flow proceed:
 * docs/product/accounts-and-sessions.md#invitations).
 */
export async function findOpenInvite(db: Executor, token: string, now: Date) {
  const [row] = await db
    .select({
      invite: invites,
      company: { name: companies.name, identification: companies.identification },
      organization: {
        id: organizations.id,
        name: organizations.name,
        locale: organizations.locale,
        termsVersion: organizations.termsVersion,
      },
    })
    .from(invites)
    .innerJoin(companies, eq(companies.id, invites.companyId))
    .innerJoin(organizations, eq(organizations.id, invites.organizationId))
    .where(eq(invites.tokenHash, sha256Hex(token)));
  if (!row || row.invite.expiresAt.getTime() <= now.getTime()) throw new AppError('error.invite.not.found');
  if (row.invite.status !== 'OPEN') throw new AppError(statusErrors[row.invite.status]);
  return row;
}

export type OpenInvite = Awaited<ReturnType<typeof findOpenInvite>>;

export function toInviteBody({ invite, company, organization }: OpenInvite) {
  return {
    email: invite.email,
    status: invite.status,
    companyName: company.name,
    identification: company.identification,
    organizationName: organization.name,
  };
}

/*
 * Proof that an address other than the invite's went through the email check
 * (docs/product/accounts-and-sessions.md#invitations: the email may differ from the invite's only when it was
 * changed through that check). The schema has no column for it and this round may not add one, so the proof
 * is a row of rate_limit_events under its own bucket name: one row per (invite, address) the check answered
 * `exists: false` for. It is written and read only here, and no counter ever reads this bucket prefix. Should
 * old events ever be pruned, the only loss is that the invitee checks the address again.
 */
const checkedBucket = (inviteId: number, login: string) => `invite-email-checked:${inviteId}:${login}`;

export async function recordEmailChecked(db: Executor, inviteId: number, login: string, now: Date) {
  await db.insert(rateLimitEvents).values({ bucket: checkedBucket(inviteId, login), at: now });
}

export async function wasEmailChecked(db: Executor, inviteId: number, login: string) {
  const [row] = await db
    .select({ id: rateLimitEvents.id })
    .from(rateLimitEvents)
    .where(eq(rateLimitEvents.bucket, checkedBucket(inviteId, login)))
    .limit(1);
  return row !== undefined;
}
