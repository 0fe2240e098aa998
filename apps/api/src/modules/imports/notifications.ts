import type { ImportFile } from '@portal/contract';
import { notifications } from '../../db/schema';
import { type Counts, excluded, type ImportContext, tally, wasInserted } from './import-context';
import { loadPrograms } from './programs';

/** Notifications by (organization, ref); their organization is their program's. */
export async function importNotifications(
  ctx: ImportContext,
  entries: ImportFile['notifications'],
): Promise<Counts> {
  if (entries.length === 0) return tally([]);
  const programIndex = await loadPrograms(
    ctx,
    entries.map((n) => n.program),
  );
  const rows = entries.map((n, i) => {
    const program = programIndex.find(
      n.program,
      ['notifications', i, 'program'],
      ctx.fileOrganizationOf.program.get(n.program),
    );
    return {
      organizationId: program.organizationId,
      ref: n.ref,
      programId: program.id,
      type: n.type,
      title: n.title,
      message: n.message,
      activeFrom: new Date(n.activeFrom),
      activeUntil: n.activeUntil === null ? null : new Date(n.activeUntil),
    };
  });
  const returned = await ctx.tx
    .insert(notifications)
    .values(rows)
    .onConflictDoUpdate({
      target: [notifications.organizationId, notifications.ref],
      set: excluded({
        programId: notifications.programId,
        type: notifications.type,
        title: notifications.title,
        message: notifications.message,
        activeFrom: notifications.activeFrom,
        activeUntil: notifications.activeUntil,
      }),
    })
    .returning({ inserted: wasInserted });
  return tally(returned);
}
