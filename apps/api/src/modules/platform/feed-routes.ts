import { listPlatformEventsCall, settleBatchCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/route';
import { SettleBatchError, settleBatch } from '../batches/settle-batch';
import { listPlatformEvents } from '../webhooks/platform-events';

/**
 * The funder settles requests and reads the organization's events (docs/product/platform-api.md#settlement,
 * #events); a funder's client, those of the requests its funder funds (docs/product/funders.md#clients).
 */
export async function platformFeedRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;

  registerCall(app, settleBatchCall, async (request, _reply, machine) => {
    const { status, reason, paymentReference } = request.body;
    try {
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
    } catch (error) {
      if (!(error instanceof SettleBatchError)) throw error;
      // The platform's rule: a settlement that contradicts the one made is a conflict (409), not a bad request.
      if (error.reason === 'wrongStatus') throw new AppError('error.batch.wrongStatus', { status: 409 });
      throw new AppError('error.batch.notFound');
    }
  });

  registerCall(app, listPlatformEventsCall, async (request, _reply, machine) => {
    const after = request.query.after ?? 0;
    const content = await listPlatformEvents(db, machine, { after, limit: request.query.limit });
    return { content, next: content.at(-1)?.id ?? String(after) };
  });
}
