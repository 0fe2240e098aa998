import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notifications } from '../../db/schema';

/** The notifications of a program active at `now`: started, and not yet ended (an open end never ends). */
export async function listActiveNotifications(db: Executor, programId: number, now: Date) {
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.programId, programId),
        lte(notifications.activeFrom, now),
        or(isNull(notifications.activeUntil), gt(notifications.activeUntil, now)),
      ),
    )
    .orderBy(asc(notifications.activeFrom), asc(notifications.id));
}
