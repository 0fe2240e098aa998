import { zonedDateTime } from '@portal/contract';
import { addCalendarDays, isBusinessDay } from '@portal/pricing';
import { and, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { autoRuleRuns, autoRules, organizations, programProviders, programs } from '../../db/schema';
import { type RunOutcome, recordRun, runRule } from './run-rule';

/** How far back a day the server was down for is still recorded as MISSED. */
export const MISSED_LOOKBACK_DAYS = 7;

type Log = { error(obj: object, msg: string): void; info(obj: object, msg: string): void };

/**
 * The scheduler's one job (docs/product/automation.md#schedule), run every minute by the job queue and once when
 * a process starts: every active rule whose time has come today and has no run yet runs now if the window is
 * open; a day whose window closed without its run (the server was down) is recorded MISSED and told. A rule's
 * days are the bank's business days on which its organization opens, from the moment it was created, resumed
 * or moved to another time.
 */
export async function sweepAutoRules(db: Database, now: Date, log: Log) {
  const rules = await db
    .select({
      rule: autoRules,
      anticipationMaxTime: programs.anticipationMaxTime,
      timezone: organizations.timezone,
      calendarOpen: organizations.calendarOpen,
      businessDaysOnly: organizations.businessDaysOnly,
    })
    .from(autoRules)
    .innerJoin(programProviders, eq(programProviders.id, autoRules.programProviderId))
    .innerJoin(programs, eq(programs.id, programProviders.programId))
    .innerJoin(organizations, eq(organizations.id, programs.organizationId))
    .where(and(eq(autoRules.active, true), isNull(autoRules.deletedAt)));
  if (rules.length === 0) return [];
  const done = await daysWithRuns(
    db,
    rules.map(({ rule }) => rule.id),
    now,
  );
  const outcomes: { ruleId: number; date: string; outcome: RunOutcome }[] = [];
  for (const row of rules) {
    for (const { date, action } of dueDays(row, now, done)) {
      try {
        const outcome =
          action === 'run'
            ? await runRule(db, row.rule, date, now)
            : await recordRun(db, row.rule, date, now, action.status, action.reason);
        outcomes.push({ ruleId: row.rule.id, date, outcome });
        if (outcome.status !== 'ALREADY')
          log.info({ ruleId: row.rule.id, date, ...outcome }, 'automatic rule');
      } catch (err) {
        // One rule's failure (a lost connection, a bug) must not keep the others from their day; the next
        // minute's sweep tries it again.
        log.error({ err, ruleId: row.rule.id, date }, 'automatic rule failed');
      }
    }
  }
  return outcomes;
}

type DueAction =
  | 'run'
  | { status: 'FAILED' | 'MISSED'; reason: 'error.operation.closed' | 'error.autoRule.missed' };

type SweptRule = {
  rule: typeof autoRules.$inferSelect;
  anticipationMaxTime: string;
  timezone: string;
  calendarOpen: string;
  businessDaysOnly: boolean;
};

/** The rule's days (oldest first) whose time has come and that have no run, with what to do about each. */
export function dueDays(
  swept: SweptRule,
  now: Date,
  done: ReadonlySet<string>,
): { date: string; action: DueAction }[] {
  const { rule, timezone } = swept;
  const today = zonedDateTime(now, timezone);
  const from = zonedDateTime(rule.activeFrom, timezone);
  const due: { date: string; action: DueAction }[] = [];
  for (let back = MISSED_LOOKBACK_DAYS; back >= 0; back -= 1) {
    const date = addCalendarDays(today.date, -back);
    if (!isRuleDay(date, swept.businessDaysOnly) || done.has(`${rule.id} ${date}`)) continue;
    const slot = `${date} ${rule.time}`;
    // HH:mm and ISO dates compare as strings; the minute the rule was saved in is not its first slot.
    if (slot <= `${from.date} ${from.time}` || slot > `${today.date} ${today.time}`) continue;
    due.push({ date, action: actionFor(swept, date === today.date, today.time) });
  }
  return due;
}

function actionFor(swept: SweptRule, isToday: boolean, timeNow: string): DueAction {
  const insideWindow = (time: string) => time >= swept.calendarOpen && time <= swept.anticipationMaxTime;
  if (isToday && insideWindow(timeNow)) return 'run';
  // The program's closing time moved before the rule's time: the rule could not have run, server up or not.
  if (!insideWindow(swept.rule.time)) return { status: 'FAILED', reason: 'error.operation.closed' };
  return { status: 'MISSED', reason: 'error.autoRule.missed' };
}

/** Rules run on the bank's business days (money moves on them) on which the organization takes requests. */
function isRuleDay(date: string, businessDaysOnly: boolean): boolean {
  return isBusinessDay(date) && isBusinessDay(date, { businessDaysOnly });
}

async function daysWithRuns(db: Database, ruleIds: number[], now: Date): Promise<Set<string>> {
  // A day early enough in every zone (the lookback plus one for the widest offset).
  const since = addCalendarDays(now.toISOString().slice(0, 10), -(MISSED_LOOKBACK_DAYS + 1));
  const rows = await db
    .select({ ruleId: autoRuleRuns.ruleId, date: autoRuleRuns.date })
    .from(autoRuleRuns)
    .where(and(inArray(autoRuleRuns.ruleId, ruleIds), gte(autoRuleRuns.date, since)));
  return new Set(rows.map((row) => `${row.ruleId} ${row.date}`));
}
