import {
  type InboxEventType,
  type InboxPage,
  inboxEventTypeSchema,
  type NotificationPreferences,
} from '@portal/contract';
import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { inboxItems, notificationPreferences, persons, teamMembers } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { normalizeLocale } from '../../mail';
import type { AuthenticatedUser } from '../auth/tokens';
import { findDefaultMembership } from '../companies/company-queries';
import { type InboxParams, inboxTexts } from './inbox-texts';

/**
 * The caller's items about companies they are still an active member of: one who left a company no longer reads
 * its requests there. Like every provider call, it needs a company (findDefaultMembership refuses otherwise).
 */
async function mineScope(db: Executor, caller: AuthenticatedUser): Promise<SQL> {
  await findDefaultMembership(db, caller.id);
  const activeCompanies = db
    .select({ id: teamMembers.companyId })
    .from(teamMembers)
    .innerJoin(persons, eq(persons.id, teamMembers.personId))
    .where(and(eq(persons.userId, caller.id), eq(teamMembers.active, true)));
  return and(eq(inboxItems.userId, caller.id), inArray(inboxItems.companyId, activeCompanies))!;
}

/** The caller's notification centre, newest first, written in their language; `unread` counts the whole inbox. */
export async function listInbox(
  db: Executor,
  caller: AuthenticatedUser,
  query: { page: number; size: number },
): Promise<InboxPage> {
  const mine = await mineScope(db, caller);
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(inboxItems)
      .where(mine)
      .orderBy(desc(inboxItems.id))
      .limit(query.size + 1)
      .offset(query.page * query.size),
    db
      .select({ n: count() })
      .from(inboxItems)
      .where(and(mine, isNull(inboxItems.readAt))),
  ]);
  const locale = normalizeLocale(caller.langKey);
  return {
    content: rows.slice(0, query.size).map((row) => ({
      id: row.id,
      type: row.type,
      ...inboxTexts(locale, row.type, row.params as InboxParams),
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
      batchId: row.batchId,
    })),
    unread: unread?.n ?? 0,
    last: rows.length <= query.size,
  };
}

/** Marks one of the caller's items read (once: a second call keeps the first time); another's is a 404. */
export async function markInboxItemRead(db: Executor, caller: AuthenticatedUser, id: number, now: Date) {
  const [item] = await db
    .select({ readAt: inboxItems.readAt })
    .from(inboxItems)
    .where(and(eq(inboxItems.id, id), await mineScope(db, caller)));
  if (!item) throw new AppError('error.notFound');
  if (item.readAt) return;
  await db
    .update(inboxItems)
    .set({ readAt: now })
    .where(and(eq(inboxItems.id, id), isNull(inboxItems.readAt)));
}

export async function markInboxRead(db: Executor, caller: AuthenticatedUser, now: Date) {
  const mine = await mineScope(db, caller);
  await db
    .update(inboxItems)
    .set({ readAt: now })
    .where(and(mine, isNull(inboxItems.readAt)));
}

/** Every event type, on unless the user turned it off. */
export async function getNotificationPreferences(
  db: Executor,
  caller: AuthenticatedUser,
): Promise<NotificationPreferences> {
  await findDefaultMembership(db, caller.id);
  const rows = await db
    .select({ type: notificationPreferences.type, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, caller.id));
  const chosen = new Map(rows.map((row) => [row.type, row.email]));
  const email = Object.fromEntries(
    inboxEventTypeSchema.options.map((type) => [type, chosen.get(type) ?? true]),
  ) as Record<InboxEventType, boolean>;
  return { email };
}

/** Stores the whole set in one transaction and answers it as stored. */
export async function setNotificationPreferences(
  db: Database,
  caller: AuthenticatedUser,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  await findDefaultMembership(db, caller.id);
  await db.transaction(async (tx) => {
    for (const type of inboxEventTypeSchema.options) {
      const email = preferences.email[type];
      await tx
        .insert(notificationPreferences)
        .values({ userId: caller.id, type, email })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.type],
          set: { email },
        });
    }
  });
  return getNotificationPreferences(db, caller);
}
