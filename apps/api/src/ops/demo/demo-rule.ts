import { zonedDateTime } from '@portal/contract';
import { addCalendarDays, isBusinessDay } from '@portal/pricing';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { autoRuleRuns, autoRules, batchEvents, batches, programProviders, users } from '../../db/schema';

const TIMEZONE = 'America/Sao_Paulo';

/**
 * The demo's automatic rule (docs/product/automation.md): Ana's, on Alfa Componentes in Horizonte Fornecedores, at
 * 10:00 with a 2 % monthly cost ceiling and R$ 150.000 a day. It is paused, so a running demo never requests on
 * its own; its history shows what a rule does: its newest paid request was one of its runs (marked automatic),
 * and the business day before that it found nothing to take.
 */
export async function seedDemoRule(db: Database, now: Date): Promise<void> {
  const [participation] = await db
    .select({
      id: programProviders.id,
      organizationId: programProviders.organizationId,
      companyId: programProviders.companyId,
    })
    .from(programProviders)
    .where(eq(programProviders.ref, 'alfa-horizonte-fornecedores'));
  const [ana] = await db.select({ id: users.id }).from(users).where(eq(users.login, 'ana@demo.test'));
  if (!participation || !ana) return;
  const [paid] = await db
    .select()
    .from(batches)
    .where(and(eq(batches.programProviderId, participation.id), eq(batches.status, 'PAID')))
    .orderBy(desc(batches.createdAt))
    .limit(1);
  const savedAt = new Date(now.getTime() - 30 * 24 * 3600 * 1000);
  const [rule] = await db
    .insert(autoRules)
    .values({
      organizationId: participation.organizationId,
      programProviderId: participation.id,
      companyId: participation.companyId,
      userId: ana.id,
      time: '10:00',
      maxMonthlyCost: '2',
      maxTotalPerDayCents: 15_000_000n,
      active: false,
      activeFrom: savedAt,
      createdAt: savedAt,
      updatedAt: now,
    })
    .returning();
  if (!paid) return;
  await db.update(batches).set({ automatic: true }).where(eq(batches.id, paid.id));
  await db
    .update(batchEvents)
    .set({ byUserId: null })
    .where(and(eq(batchEvents.batchId, paid.id), eq(batchEvents.status, 'REQUESTED')));
  const takenOn = zonedDateTime(paid.createdAt, TIMEZONE).date;
  let before = addCalendarDays(takenOn, -1);
  while (!isBusinessDay(before)) before = addCalendarDays(before, -1);
  await db.insert(autoRuleRuns).values([
    { ruleId: rule!.id, date: takenOn, status: 'TAKEN', batchId: paid.id, at: paid.createdAt },
    {
      ruleId: rule!.id,
      date: before,
      status: 'NOTHING',
      reason: 'error.autoRule.nothingToTake',
      at: sql`${`${before}T10:00:00-03:00`}::timestamptz`,
    },
  ]);
}
