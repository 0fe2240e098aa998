import { getPlatformBatchCall, listPlatformBatchesCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/route';
import { findPlatformBatch, listPlatformBatches } from './platform-batches';

/**
 * GET /api/platform/v1/batches and …/batches/{id} (docs/product/platform-api.md#batches): the client's
 * organization's requests (a funder's client: those its funder funds), for the funder to pay. The detail carries the whole bank account the request was
 * made with: it is answered, never logged.
 */
export async function platformBatchRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  registerCall(app, listPlatformBatchesCall, (request, _reply, machine) =>
    listPlatformBatches(db, machine, request.query),
  );
  registerCall(app, getPlatformBatchCall, (request, _reply, machine) =>
    findPlatformBatch(db, machine, request.params.id),
  );
}
