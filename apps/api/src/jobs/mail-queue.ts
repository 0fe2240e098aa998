import type { InboxEventType } from '@portal/contract';
import type { Config } from '../config';
import type { Database, Tx } from '../db/client';
import type { SecretBox } from '../lib/secret-box';
import type { Mailer } from '../mail';
import { jobWriter, queues, transactionDb } from './job-queue';

/**
 * One e-mail of the queue: the inbox items it tells, all of one user and one type (one item, or an import's
 * digest of new credits), a security notice, a password reset, or an invite of a platform import (its token
 * sealed). A reset is two jobs: the request as it came (`passwordResetRequest`, written for every request, known
 * email or not, so the answer does the same work), whose run decides under the rate limits and queues the mail
 * (`passwordReset`), whose run makes the key and sends it: no secret is ever in a job in clear.
 * `inboxItemId` is the shape of jobs queued before digests existed, still read.
 */
export type MailJob =
  | { inboxItemIds: number[] }
  | { inboxItemId: number }
  | { securityNoticeId: number }
  | { passwordResetRequest: PasswordResetRequestJob }
  | { passwordReset: PasswordResetJob }
  | { inviteId: number; sealedToken: string };

/** A forgot-password request: the activated user the email named (null when none), the client address, when. */
export type PasswordResetRequestJob = { userId: number | null; ip: string; requestedAt: string };
export type PasswordResetJob = { userId: number; requestedAt: string };

/**
 * Bulk mail (new credits, credits withdrawn) waits behind transactional mail (a request's receipt and its later
 * notices): the queue hands out higher priorities first, so a receipt goes out within seconds whatever the backlog
 * (docs/product/operations.md#mail).
 */
const BULK_EVENTS: ReadonlySet<InboxEventType> = new Set(['CREDITS_ARRIVED', 'CREDITS_WITHDRAWN']);
const TRANSACTIONAL = 10;
const mailPriority = (type: InboxEventType) => (BULK_EVENTS.has(type) ? 0 : TRANSACTIONAL);

/**
 * Writes one e-mail job per group of inbox items (one user's, of `type`), in the caller's transaction: the outbox
 * of the change it reports. The singleton key is the group's first item, so the same mail can never be queued
 * twice.
 */
export async function enqueueEventMails(
  tx: Tx,
  type: InboxEventType,
  mails: readonly (readonly number[])[],
): Promise<void> {
  const jobs = mails.filter((ids) => ids.length > 0);
  if (jobs.length === 0) return;
  await jobWriter.insert(
    jobs.map((ids) => ({
      name: queues.eventMail.name,
      data: { inboxItemIds: [...ids] } satisfies MailJob,
      singletonKey: `inbox-item-${ids[0]}`,
      priority: mailPriority(type),
    })),
    { db: transactionDb(tx) },
  );
}

/** Writes the e-mail job of a security notice, in the transaction of the change it tells: transactional mail. */
export async function enqueueSecurityNoticeMail(tx: Tx, securityNoticeId: number): Promise<void> {
  await jobWriter.insert(
    [
      {
        name: queues.eventMail.name,
        data: { securityNoticeId } satisfies MailJob,
        singletonKey: `security-notice-${securityNoticeId}`,
        priority: TRANSACTIONAL,
      },
    ],
    { db: transactionDb(tx) },
  );
}

/** Writes the job of a forgot-password request, in the answer's transaction: transactional mail. */
export async function enqueuePasswordResetRequest(tx: Tx, passwordResetRequest: PasswordResetRequestJob) {
  await jobWriter.insert(
    [
      {
        name: queues.eventMail.name,
        data: { passwordResetRequest } satisfies MailJob,
        priority: TRANSACTIONAL,
      },
    ],
    { db: transactionDb(tx) },
  );
}

/** Writes the e-mail job of a password reset, in the transaction that allowed it: transactional mail. */
export async function enqueuePasswordResetMail(tx: Tx, passwordReset: PasswordResetJob): Promise<void> {
  await jobWriter.insert(
    [
      {
        name: queues.eventMail.name,
        data: { passwordReset } satisfies MailJob,
        singletonKey: `password-reset-${passwordReset.userId}-${passwordReset.requestedAt}`,
        priority: TRANSACTIONAL,
      },
    ],
    { db: transactionDb(tx) },
  );
}

/**
 * Writes the e-mail job of an invite, in the transaction that writes the invite: transactional mail. The token
 * travels sealed with the server's key (`SECRETS_KEY`), as it is nowhere else but in the link.
 */
export async function enqueueInviteMail(tx: Tx, inviteId: number, sealedToken: string): Promise<void> {
  await jobWriter.insert(
    [
      {
        name: queues.eventMail.name,
        data: { inviteId, sealedToken } satisfies MailJob,
        singletonKey: `invite-${inviteId}`,
        priority: TRANSACTIONAL,
      },
    ],
    { db: transactionDb(tx) },
  );
}

export type MailDeps = {
  db: Database;
  mailer: Mailer;
  /** Opens what a job carries sealed (an invite's token). */
  secrets: SecretBox;
  config: Pick<Config, 'publicUrl'>;
};
