import { centsToWire, type InboxEventType } from '@portal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  type batches,
  companies,
  inboxItems,
  notificationPreferences,
  persons,
  programProviders,
  programs,
  teamMembers,
  users,
} from '../../db/schema';
import { enqueueEventMails } from '../../jobs/mail-queue';
import type { InboxParams } from './inbox-texts';

type Batch = typeof batches.$inferSelect;

type CompanyNotice = {
  organizationId: number;
  companyId: number;
  type: InboxEventType;
  batchId: number | null;
  params: InboxParams;
  now: Date;
  /**
   * A past event (an imported request's history): the items are written as they would have been, dated
   * `now` and read at `readAt` (null: unread), and no e-mail goes out for them.
   */
  history?: { readAt: Date | null };
};

/**
 * Tells the company's users about an event, in the transaction of the change it reports
 * (docs/product/requests.md#notifications): an item in each one's notification centre, and an e-mail job for
 * each one who keeps that event's e-mail on. The e-mails are rows of the job queue written with the change, so
 * a crash after the commit delays them and never drops them; the queue's worker sends them.
 */
export async function notifyCompany(tx: Tx, notice: CompanyNotice): Promise<void> {
  const mailable = await writeInboxItems(tx, notice);
  await enqueueEventMails(
    tx,
    notice.type,
    mailable.map((item) => [item.id]),
  );
}

/**
 * Tells several companies' users about one change, in its transaction: each notice its items, as notifyCompany,
 * and one e-mail per user for the whole change, listing their notices (an import's new credits, a withdrawal's
 * credits gone: docs/product/operations.md#mail), however many of their companies it touched.
 */
export async function notifyCompaniesInDigest(
  tx: Tx,
  type: InboxEventType,
  notices: readonly Omit<CompanyNotice, 'type' | 'history'>[],
): Promise<void> {
  const mailsByUser = new Map<number, number[]>();
  for (const notice of notices) {
    for (const item of await writeInboxItems(tx, { ...notice, type })) {
      const mails = mailsByUser.get(item.userId) ?? [];
      mails.push(item.id);
      mailsByUser.set(item.userId, mails);
    }
  }
  await enqueueEventMails(tx, type, [...mailsByUser.values()]);
}

/**
 * The inbox items of a notice, one per active user of the company; answers those whose e-mail should go (none
 * for history, none for a user who turned that event's e-mail off), for the caller to queue: one mail each, or
 * one per user for several notices (an import's digest of new credits).
 */
export async function writeInboxItems(
  tx: Tx,
  input: CompanyNotice,
): Promise<{ id: number; userId: number }[]> {
  const recipients = await tx
    .select({ id: users.id })
    .from(teamMembers)
    .innerJoin(persons, eq(persons.id, teamMembers.personId))
    .innerJoin(users, eq(users.id, persons.userId))
    .where(
      and(
        eq(teamMembers.companyId, input.companyId),
        eq(teamMembers.active, true),
        eq(users.activated, true),
      ),
    );
  if (recipients.length === 0) return [];
  const items = await tx
    .insert(inboxItems)
    .values(
      recipients.map((user) => ({
        organizationId: input.organizationId,
        userId: user.id,
        companyId: input.companyId,
        type: input.type,
        batchId: input.batchId,
        params: input.params as Record<string, string | number | null>,
        createdAt: input.now,
        readAt: input.history?.readAt ?? null,
      })),
    )
    .returning({ id: inboxItems.id, userId: inboxItems.userId });
  if (input.history) return [];
  const optedOut = await tx
    .select({ userId: notificationPreferences.userId })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.type, input.type),
        eq(notificationPreferences.email, false),
        inArray(
          notificationPreferences.userId,
          recipients.map((user) => user.id),
        ),
      ),
    );
  const silent = new Set(optedOut.map((row) => row.userId));
  return items.filter((item) => !silent.has(item.userId));
}

/** The program's and the company's names of a participation, as events name them. */
export async function participationNames(
  tx: Tx,
  programProviderId: number,
): Promise<{ programName: string; companyName: string }> {
  const [names] = await tx
    .select({ programName: programs.name, companyName: companies.name })
    .from(programProviders)
    .innerJoin(programs, eq(programs.id, programProviders.programId))
    .innerJoin(companies, eq(companies.id, programProviders.companyId))
    .where(eq(programProviders.id, programProviderId));
  return { programName: names?.programName ?? '', companyName: names?.companyName ?? '' };
}

/** A request's event (REQUESTED, PAID, REJECTED, CANCELLED) told to its company's users. */
export async function notifyBatchEvent(
  tx: Tx,
  batch: Batch,
  status: 'REQUESTED' | 'PAID' | 'REJECTED' | 'CANCELLED',
  now: Date,
  extra: InboxParams = {},
  history?: { readAt: Date | null },
): Promise<void> {
  const names = await participationNames(tx, batch.programProviderId);
  await notifyCompany(tx, {
    organizationId: batch.organizationId,
    companyId: batch.companyId,
    type: `BATCH_${status}`,
    batchId: batch.id,
    params: {
      batchId: batch.id,
      ...names,
      value: centsToWire(batch.netValueCents),
      paymentDate: batch.paymentDate,
      reason: batch.rejectionReason,
      paymentReference: batch.paymentReference,
      ...extra,
    },
    now,
    history,
  });
}
