import { listPlatformEventsCall, settleBatchCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/route';
import { settleBatch } from '../batches/settle-batch';
import { listPlatformEvents } from '../webhooks/platform-events';

/**
 * The funder settles requests and reads the organization's events (docs/product/platform-api.md#settlement,
 * #events); a funder's client, those of the requests its funder funds (docs/product/funders.md#clients).
 */
export async function platformFeedRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;

  registerCall(app, settleBatchCall, async (request, _reply, machine) => {
    const { status, reason, paymentReference } = request.body;
    // An unknown or otherwise settled request throws its own AppError (settle-batch.ts): the one error path.
    const settled = await settleBatch(db, {
      batchId: request.params.id,
      to: status,
      reason,
      paymentReference,
      viewer: machine,
      now: clock.now(),
    });
    request.log.info(
      {
        event: 'batch.settled',
        client: machine.clientId,
        batchId: settled.id,
        status,
        repeated: settled.repeated,
      },
      'batch settled by the platform',
    );
    return {
      id: settled.id,
      status: settled.to,
      rejectionReason: settled.rejectionReason,
      paymentReference: settled.paymentReference,
      settledAt: settled.settledAt.toISOString(),
    };
  });

  registerCall(app, listPlatformEventsCall, async (request, _reply, machine) => {
    const after = request.query.after ?? 0;
    const content = await listPlatformEvents(db, machine, { after, limit: request.query.limit });
    return { content, next: content.at(-1)?.id ?? String(after) };
  });
}
