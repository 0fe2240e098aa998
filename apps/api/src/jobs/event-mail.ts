import { and, eq, inArray, isNull } from 'drizzle-orm';
import { companies, inboxItems, notificationPreferences, organizations, users } from '../db/schema';
import { formatDate, formatReais } from '../lib/format';
import {
  batchReceiptMail,
  creditsArrivedMail,
  creditsWithdrawnMail,
  eventMail,
  normalizeLocale,
} from '../mail';
import { findBatchFunder } from '../modules/batches/batch-funder';
import { type InboxParams, inboxTexts } from '../modules/inbox/inbox-texts';
import type { MailDeps } from './mail-queue';

/**
 * Sends the e-mail of a job's inbox items (one, or an import's digest of new credits), in the recipient's
 * language as it is now, unless they turned that event's e-mail off since or it was sent already. A failure
 * throws: pg-boss retries the job with backoff (job-queue.ts).
 *
 * pg-boss delivers a job at least once: a crash after the mail server took the message but before the job was
 * marked done runs it again. `mailed_at`, written right after the send, turns that retry into a skip; what is
 * left is the instant between the server's acceptance and that write, and the stable Message-ID lets a mail
 * client fold the rare copy it leaves (docs/decisions/job-queue.md).
 */
export async function deliverEventMail(
  deps: MailDeps,
  inboxItemIds: readonly number[],
): Promise<'sent' | 'skipped'> {
  const rows = await deps.db
    .select({
      item: inboxItems,
      login: users.login,
      langKey: users.langKey,
      organizationName: organizations.name,
      companyName: companies.name,
      companyIdentification: companies.identification,
    })
    .from(inboxItems)
    .innerJoin(users, eq(users.id, inboxItems.userId))
    .innerJoin(organizations, eq(organizations.id, inboxItems.organizationId))
    .leftJoin(companies, eq(companies.id, inboxItems.companyId))
    .where(and(inArray(inboxItems.id, [...inboxItemIds]), isNull(inboxItems.mailedAt)))
    .orderBy(inboxItems.id);
  const first = rows[0];
  if (!first) return 'skipped';
  const [preference] = await deps.db
    .select({ email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.userId, first.item.userId),
        eq(notificationPreferences.type, first.item.type),
      ),
    );
  if (preference?.email === false) return 'skipped';
  const host = new URL(deps.config.publicUrl).hostname;
  await deps.mailer.send({
    to: first.login,
    ...(await mailContent(deps, rows)),
    messageId: `<inbox-item-${first.item.id}@${host}>`,
  });
  await deps.db
    .update(inboxItems)
    .set({ mailedAt: new Date() })
    .where(
      inArray(
        inboxItems.id,
        rows.map((row) => row.item.id),
      ),
    );
  return 'sent';
}

type MailRow = {
  item: typeof inboxItems.$inferSelect;
  langKey: string;
  organizationName: string;
  companyName: string | null;
  companyIdentification: string | null;
};

/**
 * The words of a job's mail: a request's receipt, an import's new credits, a withdrawal's credits gone, or any
 * other event as it reads.
 */
async function mailContent(deps: MailDeps, rows: readonly MailRow[]) {
  const [row] = rows as [MailRow];
  const locale = normalizeLocale(row.langKey);
  const params = row.item.params as InboxParams;
  const portal = `${deps.config.publicUrl}/dashboard`;
  if (row.item.type === 'BATCH_REQUESTED' && row.item.batchId !== null)
    return batchReceiptMail({
      locale,
      organizationName: row.organizationName,
      companyName: params.companyName ?? '',
      companyIdentification: row.companyIdentification ?? '',
      programName: params.programName ?? '',
      // Read when the mail is written, as the detail names it (the request's funder, or the buyer's name).
      funderName: (await findBatchFunder(deps.db, row.item.batchId)).name,
      batchId: row.item.batchId,
      netValue: formatReais(locale, params.value ?? 0),
      paymentDate: formatDate(locale, params.paymentDate ?? '1970-01-01'),
      creditCount: params.count ?? 0,
    });
  if (row.item.type === 'CREDITS_ARRIVED')
    return creditsArrivedMail({
      locale,
      organizationName: row.organizationName,
      link: portal,
      arrivals: rows.map(({ item, companyName }) => {
        const arrival = item.params as InboxParams;
        return {
          companyName: companyName ?? '',
          programName: arrival.programName ?? '',
          count: arrival.count ?? 0,
          value: formatReais(locale, arrival.value ?? 0),
        };
      }),
    });
  if (row.item.type === 'CREDITS_WITHDRAWN')
    return creditsWithdrawnMail({
      locale,
      organizationName: row.organizationName,
      link: portal,
      withdrawals: rows.map(({ item, companyName }) => ({
        companyName: companyName ?? '',
        text: inboxTexts(locale, item.type, item.params as InboxParams).title,
      })),
    });
  return eventMail({
    locale,
    organizationName: row.organizationName,
    link: row.item.batchId ? `${deps.config.publicUrl}/anticipation/history/${row.item.batchId}` : portal,
    ...inboxTexts(locale, row.item.type, params),
  });
}
