import type { AutoRuleRunStatus } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { autoRuleRuns, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { type CallerProgramProvider, findCallerProgramProvider } from '../access/caller-access';
import { checkBatchAllowed } from '../batches/batch-checks';
import { claimBatchIn } from '../batches/claim-batch';
import { hashCreditIds } from '../batches/idempotency';
import { loadPricedCandidates } from '../estimates/priced-candidates';
import { listOffersOf } from '../offers/offer-pricing';
import { pricingContextOf } from '../pricing/pricing-context';
import { type AutoRuleRow, filtersOf } from './rule-queries';
import { notifyRuleRun } from './run-notice';
import { selectRuleCredits } from './select-rule-credits';

export type RunOutcome =
  | { status: AutoRuleRunStatus; batchId: number | null; reason: string | null }
  /** Another process (or an earlier try) already recorded this rule's day. */
  | { status: 'ALREADY' };

/**
 * One business day of a rule (docs/product/automation.md#runs): an ordinary request through the same checks,
 * claim and frozen figures as one made on the portal, or the reason it made none. The run row and the request
 * are written in one transaction, the row first: (rule, date) is unique, so a second process trying the same
 * day waits on the first one's row and then finds it taken, and a crash before the commit leaves neither, for
 * the next sweep to do the day again.
 */
export async function runRule(db: Database, rule: AutoRuleRow, date: string, now: Date): Promise<RunOutcome> {
  // The rule acts with the rights of the person who saved it: one who left the company, was deactivated or lost
  // the supplier role takes nothing.
  const access = await saverAccess(db, rule);
  if (!access) return recordRun(db, rule, date, now, 'FAILED', 'error.request.wrongProvider');
  const context = pricingContextOf(access, now);
  try {
    checkBatchAllowed(context, access, []);
  } catch (error) {
    if (error instanceof AppError) return recordRun(db, rule, date, now, 'FAILED', error.code);
    throw error;
  }
  const candidates = await loadPricedCandidates(db, {
    programProviderId: access.programProvider.id,
    pricingFingerprint: access.programProvider.pricingFingerprint,
    context,
    requireServiceInvoice: access.program.requireServiceInvoice,
    offers: await listOffersOf(db, access.program.id, now),
  });
  const ids = selectRuleCredits(candidates, filtersOf(rule)).map((credit) => credit.id);
  if (ids.length === 0) return recordRun(db, rule, date, now, 'NOTHING', 'error.autoRule.nothingToTake');
  try {
    return await db.transaction(async (tx): Promise<RunOutcome> => {
      const runId = await insertRun(tx, rule, date, now, 'TAKEN', null);
      if (runId === undefined) return { status: 'ALREADY' };
      const batch = await claimBatchIn(tx, {
        userId: rule.userId,
        access,
        context,
        ids,
        idempotencyKey: `auto-rule-${rule.id}-${date}`,
        requestHash: hashCreditIds(ids),
        ip: null,
        now,
        automatic: {
          notice: (noticeTx, row, count) =>
            notifyRuleRun(noticeTx, rule, { type: 'AUTO_RULE_RAN', batch: row, count }, now),
        },
      });
      await tx.update(autoRuleRuns).set({ batchId: batch.id }).where(eq(autoRuleRuns.id, runId));
      return { status: 'TAKEN', batchId: batch.id, reason: null };
    });
  } catch (error) {
    // Credits taken by someone else between the choice and the claim, or a credit the estimate refuses: the
    // day is a failed run with that reason, like any refused request.
    if (error instanceof AppError) return recordRun(db, rule, date, now, 'FAILED', error.code);
    throw error;
  }
}

async function saverAccess(db: Database, rule: AutoRuleRow): Promise<CallerProgramProvider | undefined> {
  const [saver] = await db
    .select({ activated: users.activated, authorities: users.authorities })
    .from(users)
    .where(eq(users.id, rule.userId));
  if (!saver?.activated || !saver.authorities.includes('ROLE_PROVIDER')) return undefined;
  try {
    return await findCallerProgramProvider(db, { id: rule.userId }, rule.programProviderId);
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}

/** A day without a request (FAILED, NOTHING, MISSED), recorded and told once. */
export async function recordRun(
  db: Database,
  rule: AutoRuleRow,
  date: string,
  now: Date,
  status: Exclude<AutoRuleRunStatus, 'TAKEN'>,
  reason: string,
): Promise<RunOutcome> {
  return db.transaction(async (tx): Promise<RunOutcome> => {
    const runId = await insertRun(tx, rule, date, now, status, reason);
    if (runId === undefined) return { status: 'ALREADY' };
    await notifyRuleRun(tx, rule, { type: 'AUTO_RULE_FAILED', reason }, now);
    return { status, batchId: null, reason };
  });
}

/** The day's row, or undefined when the day has one already (committed, or committed by the transaction it waited for). */
async function insertRun(
  tx: Tx,
  rule: AutoRuleRow,
  date: string,
  now: Date,
  status: AutoRuleRunStatus,
  reason: string | null,
): Promise<number | undefined> {
  const [row] = await tx
    .insert(autoRuleRuns)
    .values({ ruleId: rule.id, date, status, reason, at: now })
    .onConflictDoNothing({ target: [autoRuleRuns.ruleId, autoRuleRuns.date] })
    .returning({ id: autoRuleRuns.id });
  return row?.id;
}

/** The last 90 runs of a rule, newest first. */
export async function listRuns(db: Database, ruleId: number) {
  const rows = await db
    .select()
    .from(autoRuleRuns)
    .where(eq(autoRuleRuns.ruleId, ruleId))
    .orderBy(sql`${autoRuleRuns.date} desc`)
    .limit(90);
  return rows.map((run) => ({
    date: run.date,
    status: run.status,
    batchId: run.batchId,
    reason: run.reason,
    at: run.at.toISOString(),
  }));
}
