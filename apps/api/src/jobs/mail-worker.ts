import type PgBoss from 'pg-boss';
import { allowPasswordReset } from '../modules/account/password-reset';
import { deliverEventMail } from './event-mail';
import { deliverInviteMail } from './invite-mail';
import { queues } from './job-queue';
import type { MailDeps, MailJob } from './mail-queue';
import { deliverPasswordReset } from './password-reset-mail';
import { deliverSecurityNotice } from './security-notice-mail';

/** Sends the e-mail a job of the queue stands for. */
export function deliverMailJob(deps: MailDeps, job: MailJob): Promise<'sent' | 'skipped'> {
  if ('securityNoticeId' in job) return deliverSecurityNotice(deps, job.securityNoticeId);
  if ('passwordResetRequest' in job)
    return allowPasswordReset(deps.db, job.passwordResetRequest).then(() => 'skipped');
  if ('passwordReset' in job) return deliverPasswordReset(deps, job.passwordReset);
  if ('inviteId' in job) return deliverInviteMail(deps, job);
  return deliverEventMail(deps, 'inboxItemIds' in job ? job.inboxItemIds : [job.inboxItemId]);
}

/** Mails fetched at once and sent side by side: over SMTP, nodemailer's pool spreads them on its connections. */
const MAILS_PER_FETCH = 20;

/**
 * The worker: each fetch sends its mails in parallel; a failed send fails its own job only (pg-boss retries that
 * mail alone), the others complete. A full fetch skips the polling pause, so a backlog drains at the mail
 * server's pace, and each fetch takes the highest priority first.
 */
export async function startMailWorker(boss: PgBoss, deps: MailDeps): Promise<void> {
  const workerId: string = await boss.work<MailJob>(
    queues.eventMail.name,
    { batchSize: MAILS_PER_FETCH, pollingIntervalSeconds: 1 },
    async (jobs) => {
      await Promise.all(
        jobs.map((job) =>
          deliverMailJob(deps, job.data).catch((error: Error) =>
            // Marking it failed can fail too (the process is stopping and its pool is closed): the job then
            // expires and is run again, and `mailed_at` keeps a mail already sent from going twice.
            boss.fail(queues.eventMail.name, job.id, { message: error.message }).catch(() => undefined),
          ),
        ),
      );
      if (jobs.length === MAILS_PER_FETCH) boss.notifyWorker(workerId);
    },
  );
}
