import { listBatchesCall, requestBatchCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/route';
import { listBatches } from './list-batches';
import { requestBatch } from './request-batch';

export async function batchRoutes(app: FastifyInstance) {
  registerCall(app, requestBatchCall, async (request, _reply, caller) =>
    requestBatch(app.deps, {
      caller,
      ids: request.body,
      idempotencyKey: request.headers['idempotency-key'],
      ip: request.ip,
    }),
  );
  registerCall(app, listBatchesCall, async (request, _reply, caller) =>
    listBatches(app.deps.db, caller, request.query),
  );
}
