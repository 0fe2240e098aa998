import type { InboxEventType } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Database, Tx } from '../db/client';
import { companies, inboxItems, notificationPreferences, organizations, users } from '../db/schema';
import { formatDate, formatReais } from '../lib/format';
import { batchReceiptMail, eventMail, type Mailer, normalizeLocale } from '../mail';
import { type InboxParams, inboxTexts } from '../modules/inbox/inbox-texts';
import { jobWriter, queues, transactionDb } from './job-queue';

type EventMailJob = { inboxItemId: number };

/**
 * Bulk mail (new credits) waits behind transactional mail (a request's receipt and its later notices): the queue
 * hands out higher priorities first, so a receipt goes out within seconds whatever the backlog
 * (docs/product/operations.md#mail).
 */
const BULK_EVENTS: ReadonlySet<InboxEventType> = new Set(['CREDITS_ARRIVED']);
const mailPriority = (type: InboxEventType) => (BULK_EVENTS.has(type) ? 0 : 10);

/**
 * Writes one e-mail job per inbox item, in the caller's transaction: the outbox of the change it reports. The
 * singleton key is the item, so the same item can never be queued twice.
 */
export async function enqueueEventMails(
  tx: Tx,
  type: InboxEventType,
  inboxItemIds: readonly number[],
): Promise<void> {
  if (inboxItemIds.length === 0) return;
  await jobWriter.insert(
    inboxItemIds.map((inboxItemId) => ({
      name: queues.eventMail.name,
      data: { inboxItemId } satisfies EventMailJob,
      singletonKey: `inbox-item-${inboxItemId}`,
      priority: mailPriority(type),
    })),
    { db: transactionDb(tx) },
  );
}

export type MailDeps = { db: Database; mailer: Mailer; config: Pick<Config, 'publicUrl'> };

/**
 * Sends the e-mail of one inbox item, in the recipient's language as it is now, unless they turned that event's
 * e-mail off since or it was sent already. A failure throws: pg-boss retries the job with backoff
 * (job-queue.ts).
 *
 * pg-boss delivers a job at least once: a crash after the mail server took the message but before the job was
 * marked done runs it again. `mailed_at`, written right after the send, turns that retry into a skip; what is
 * left is the instant between the server's acceptance and that write, and the stable Message-ID lets a mail
 * client fold the rare copy it leaves (docs/decisions/job-queue.md).
 */
export async function deliverEventMail(deps: MailDeps, inboxItemId: number): Promise<'sent' | 'skipped'> {
  const [row] = await deps.db
    .select({
      item: inboxItems,
      login: users.login,
      langKey: users.langKey,
      organizationName: organizations.name,
      companyIdentification: companies.identification,
    })
    .from(inboxItems)
    .innerJoin(users, eq(users.id, inboxItems.userId))
    .innerJoin(organizations, eq(organizations.id, inboxItems.organizationId))
    .leftJoin(companies, eq(companies.id, inboxItems.companyId))
    .where(eq(inboxItems.id, inboxItemId));
  if (!row || row.item.mailedAt) return 'skipped';
  const [preference] = await deps.db
    .select({ email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.userId, row.item.userId),
        eq(notificationPreferences.type, row.item.type),
      ),
    );
  if (preference?.email === false) return 'skipped';
  const locale = normalizeLocale(row.langKey);
  const params = row.item.params as InboxParams;
  const link = row.item.batchId
    ? `${deps.config.publicUrl}/anticipation/history/${row.item.batchId}`
    : `${deps.config.publicUrl}/dashboard`;
  const content =
    row.item.type === 'BATCH_REQUESTED'
      ? batchReceiptMail({
          locale,
          organizationName: row.organizationName,
          companyName: params.companyName ?? '',
          companyIdentification: row.companyIdentification ?? '',
          programName: params.programName ?? '',
          batchId: params.batchId ?? row.item.batchId ?? '',
          netValue: formatReais(locale, params.value ?? 0),
          paymentDate: formatDate(locale, params.paymentDate ?? '1970-01-01'),
          creditCount: params.count ?? 0,
        })
      : eventMail({
          locale,
          organizationName: row.organizationName,
          link,
          ...inboxTexts(locale, row.item.type, params),
        });
  const host = new URL(deps.config.publicUrl).hostname;
  await deps.mailer.send({ to: row.login, ...content, messageId: `<inbox-item-${inboxItemId}@${host}>` });
  await deps.db.update(inboxItems).set({ mailedAt: new Date() }).where(eq(inboxItems.id, inboxItemId));
  return 'sent';
}

/** Mails fetched at once and sent side by side: over SMTP, nodemailer's pool spreads them on its connections. */
const MAILS_PER_FETCH = 20;

/**
 * The worker: each fetch sends its mails in parallel; a failed send fails its own job only (pg-boss retries that
 * mail alone), the others complete. A full fetch skips the polling pause, so a backlog drains at the mail
 * server's pace, and each fetch takes the highest priority first.
 */
export async function startEventMailWorker(boss: PgBoss, deps: MailDeps): Promise<void> {
  const workerId: string = await boss.work<EventMailJob>(
    queues.eventMail.name,
    { batchSize: MAILS_PER_FETCH, pollingIntervalSeconds: 1 },
    async (jobs) => {
      await Promise.all(
        jobs.map((job) =>
          deliverEventMail(deps, job.data.inboxItemId).catch((error: Error) =>
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
