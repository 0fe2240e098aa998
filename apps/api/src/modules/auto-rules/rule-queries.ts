import {
  type AutoRule,
  type AutoRuleBody,
  type AutoRuleSettings,
  autoRulesPerProgramProviderMax,
  centsToWire,
  wireToCents,
} from '@portal/contract';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { autoRules } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { type CallerProgramProvider, findCallerProgramProvider } from '../access/caller-access';
import { checkProgramPin, type PinProof } from '../account-security/pin';
import type { AuthenticatedUser } from '../auth/tokens';
import type { RuleFilters } from './select-rule-credits';

export type AutoRuleRow = typeof autoRules.$inferSelect;

/**
 * A rule the caller may use: one of a participation reached through their active memberships, not deleted.
 * Anything else, another company's rule or none, is the same 404 error.autoRule.notFound.
 */
export async function findCallerRule(
  db: Database,
  caller: AuthenticatedUser,
  ruleId: number,
): Promise<{ rule: AutoRuleRow; access: CallerProgramProvider }> {
  const [rule] = await db
    .select()
    .from(autoRules)
    .where(and(eq(autoRules.id, ruleId), isNull(autoRules.deletedAt)));
  if (!rule || rule.organizationId !== caller.organizationId) throw new AppError('error.autoRule.notFound');
  try {
    return { rule, access: await findCallerProgramProvider(db, caller, rule.programProviderId) };
  } catch (error) {
    if (error instanceof AppError) throw new AppError('error.autoRule.notFound');
    throw error;
  }
}

export async function listRules(db: Database, caller: AuthenticatedUser, programProviderId: number) {
  await findCallerProgramProvider(db, caller, programProviderId);
  const rows = await db
    .select()
    .from(autoRules)
    .where(and(eq(autoRules.programProviderId, programProviderId), isNull(autoRules.deletedAt)))
    .orderBy(asc(autoRules.id));
  return rows.map(ruleToWire);
}

/**
 * Saving a rule asks the transaction PIN where the program requires it, as a request does: the rule will
 * request early payment on its own (docs/product/account-security.md#pin). The PIN is checked, never stored.
 */
export async function createRule(
  db: Database,
  body: Omit<AutoRuleBody, 'pin'>,
  proof: PinProof,
): Promise<{ rule: AutoRule; companyId: number }> {
  const { caller, now } = proof;
  const access = await findCallerProgramProvider(db, caller, body.programProviderId);
  await checkProgramPin(db, access, proof);
  assertInsideWindow(access, body.time);
  const [existing] = await db
    .select({ n: count() })
    .from(autoRules)
    .where(and(eq(autoRules.programProviderId, body.programProviderId), isNull(autoRules.deletedAt)));
  if ((existing?.n ?? 0) >= autoRulesPerProgramProviderMax) throw new AppError('error.autoRule.tooMany');
  const [rule] = await db
    .insert(autoRules)
    .values({
      organizationId: access.programProvider.organizationId,
      programProviderId: access.programProvider.id,
      companyId: access.company.id,
      userId: caller.id,
      ...settingsColumns(body),
      active: body.active ?? true,
      activeFrom: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return { rule: ruleToWire(rule!), companyId: access.company.id };
}

export async function updateRule(
  db: Database,
  ruleId: number,
  settings: Omit<AutoRuleSettings, 'pin'>,
  proof: PinProof,
): Promise<{ rule: AutoRule; companyId: number }> {
  const { caller, now } = proof;
  const { rule, access } = await findCallerRule(db, caller, ruleId);
  await checkProgramPin(db, access, proof);
  assertInsideWindow(access, settings.time);
  const active = settings.active ?? rule.active;
  // Resumed or moved to another time: its days count from now, so saving at 10:30 a rule set for 10:00 does
  // not make it run (or count as missed) at once.
  const restarts = (active && !rule.active) || settings.time !== rule.time;
  const [updated] = await db
    .update(autoRules)
    .set({
      ...settingsColumns(settings),
      active,
      userId: caller.id,
      activeFrom: restarts ? now : rule.activeFrom,
      updatedAt: now,
    })
    .where(eq(autoRules.id, rule.id))
    .returning();
  return { rule: ruleToWire(updated!), companyId: rule.companyId };
}

export async function deleteRule(db: Database, caller: AuthenticatedUser, ruleId: number, now: Date) {
  const { rule } = await findCallerRule(db, caller, ruleId);
  await db
    .update(autoRules)
    .set({ active: false, deletedAt: now, updatedAt: now })
    .where(eq(autoRules.id, rule.id));
  return { companyId: rule.companyId };
}

/**
 * A rule runs inside the window the requests have: from the organization's opening time to the program's
 * closing time, both in the organization's zone (docs/product/requests.md#operating-window).
 */
function assertInsideWindow(access: CallerProgramProvider, time: string) {
  if (time >= access.organization.calendarOpen && time <= access.program.anticipationMaxTime) return;
  throw new AppError('error.autoRule.timeOutsideWindow', {
    fieldErrors: [{ field: 'time', message: 'error.autoRule.timeOutsideWindow' }],
  });
}

function settingsColumns(settings: Omit<AutoRuleSettings, 'pin'>) {
  return {
    time: settings.time,
    maxMonthlyCost: settings.maxMonthlyCost == null ? null : String(settings.maxMonthlyCost),
    minDays: settings.minDays ?? null,
    maxDays: settings.maxDays ?? null,
    minCreditValueCents: settings.minCreditValue == null ? null : wireToCents(settings.minCreditValue),
    maxTotalPerDayCents: settings.maxTotalPerDay == null ? null : wireToCents(settings.maxTotalPerDay),
  };
}

type FilterColumns = Pick<
  AutoRuleRow,
  'maxMonthlyCost' | 'minDays' | 'maxDays' | 'minCreditValueCents' | 'maxTotalPerDayCents'
>;

/** A saved rule's filters as the choice reads them (the monthly cost from percent to a fraction). */
export function filtersOf(columns: FilterColumns): RuleFilters {
  return {
    maxMonthlyCost: columns.maxMonthlyCost === null ? null : Number(columns.maxMonthlyCost) / 100,
    minDays: columns.minDays,
    maxDays: columns.maxDays,
    minCreditValueCents: columns.minCreditValueCents,
    maxTotalPerDayCents: columns.maxTotalPerDayCents,
  };
}

/** The filters of settings not saved (a preview). */
export function draftFilters(settings: Omit<AutoRuleSettings, 'pin'>): RuleFilters {
  return filtersOf(settingsColumns(settings));
}

export function ruleToWire(rule: AutoRuleRow): AutoRule {
  return {
    id: rule.id,
    programProviderId: rule.programProviderId,
    time: rule.time,
    maxMonthlyCost: rule.maxMonthlyCost === null ? null : Number(rule.maxMonthlyCost),
    minDays: rule.minDays,
    maxDays: rule.maxDays,
    minCreditValue: rule.minCreditValueCents === null ? null : centsToWire(rule.minCreditValueCents),
    maxTotalPerDay: rule.maxTotalPerDayCents === null ? null : centsToWire(rule.maxTotalPerDayCents),
    active: rule.active,
    createdAt: rule.createdAt.toISOString(),
    updatedAt: rule.updatedAt.toISOString(),
  };
}
