import { centsToWire, type InboxEventType } from '@portal/contract';
import type { Tx } from '../../db/client';
import type { batches } from '../../db/schema';
import { findBatchFunder } from '../batches/batch-funder';
import { notifyCompany, participationNames } from '../inbox/notify';
import type { AutoRuleRow } from './rule-queries';

/**
 * Tells the company's users how a rule's day went, in the run's own transaction (docs/product/automation.md#runs):
 * AUTO_RULE_RAN with the request it made (this is the request's receipt too), AUTO_RULE_FAILED with the reason's
 * error code for a day that made no request (refused, nothing to take, missed).
 */
export async function notifyRuleRun(
  tx: Tx,
  rule: AutoRuleRow,
  outcome:
    | { type: Extract<InboxEventType, 'AUTO_RULE_RAN'>; batch: typeof batches.$inferSelect; count: number }
    | { type: Extract<InboxEventType, 'AUTO_RULE_FAILED'>; reason: string },
  now: Date,
): Promise<void> {
  const common = { ruleName: rule.time, ...(await participationNames(tx, rule.programProviderId)) };
  await notifyCompany(tx, {
    organizationId: rule.organizationId,
    companyId: rule.companyId,
    type: outcome.type,
    batchId: outcome.type === 'AUTO_RULE_RAN' ? outcome.batch.id : null,
    params:
      outcome.type === 'AUTO_RULE_RAN'
        ? {
            ...common,
            batchId: outcome.batch.id,
            value: centsToWire(outcome.batch.netValueCents),
            paymentDate: outcome.batch.paymentDate,
            count: outcome.count,
            funderName: (await findBatchFunder(tx, outcome.batch.id)).name,
          }
        : { ...common, reason: outcome.reason },
    now,
  });
}
