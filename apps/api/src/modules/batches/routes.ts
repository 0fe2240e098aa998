import { cancelBatchCall, getBatchCall, listBatchesCall, requestBatchCall } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { batches } from '../../db/schema';
import { audit, auditingRefusal } from '../../http/audit-log';
import { registerCall } from '../../http/route';
import { batchDetailOf, findCallerBatch } from './batch-detail';
import { cancelBatch } from './cancel-batch';
import { listBatches } from './list-batches';
import { requestBatch } from './request-batch';

export async function batchRoutes(app: FastifyInstance) {
  registerCall(app, requestBatchCall, async (request, _reply, caller) => {
    // The bare array (the original form) or {creditIds, pin} (docs/product/account-security.md#pin).
    const body = request.body;
    const ids = Array.isArray(body) ? body : body.creditIds;
    const credits = ids.length;
    const refused = { userId: caller.id, companyId: caller.defaultCompanyId, credits };
    return auditingRefusal(request.log, refused, async () => {
      const answer = await requestBatch(app.deps, {
        caller,
        ids,
        pin: Array.isArray(body) ? undefined : body.pin,
        offerId: Array.isArray(body) ? undefined : body.offerId,
        idempotencyKey: request.headers['idempotency-key'],
        ip: request.ip,
        log: request.log,
      });
      // The batch's own company (a user may act for several), read back so a replay is logged alike.
      const [row] = await app.deps.db
        .select({ companyId: batches.companyId, programProviderId: batches.programProviderId })
        .from(batches)
        .where(eq(batches.id, answer.id));
      audit(request.log, 'batch.requested', {
        userId: caller.id,
        companyId: row?.companyId ?? null,
        batchId: answer.id,
        programProviderId: row?.programProviderId ?? null,
        credits,
      });
      return answer;
    });
  });
  registerCall(app, listBatchesCall, async (request, _reply, caller) =>
    listBatches(app.deps.db, caller, request.query),
  );
  registerCall(app, getBatchCall, async (request, _reply, caller) =>
    batchDetailOf(
      app.deps.db,
      await findCallerBatch(app.deps.db, caller, request.params.id),
      app.deps.clock.now(),
    ),
  );
  registerCall(app, cancelBatchCall, async (request, _reply, caller) => {
    const detail = await cancelBatch(app.deps, {
      caller,
      batchId: request.params.id,
      pin: request.body.pin,
      ip: request.ip,
      log: request.log,
    });
    audit(request.log, 'batch.cancelled', {
      userId: caller.id,
      companyId: detail.companyId,
      batchId: detail.id,
      programProviderId: detail.programProviderId,
    });
    return detail;
  });
}
