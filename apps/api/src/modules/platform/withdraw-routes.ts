import { type WithdrawCreditsAnswer, withdrawCreditsCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/route';
import { answerOnce } from './platform-replies';
import { withdrawCreditsIn } from './withdraw-credits';

/**
 * POST /api/platform/v1/credits/withdraw (docs/product/platform-api.md#withdraw): the client's organization's
 * credits the buyer cancelled or paid another way stop being offered, all or nothing, the answer recorded with
 * the change under the client's `Idempotency-Key`.
 */
export async function platformWithdrawRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;
  registerCall(app, withdrawCreditsCall, async (request, _reply, machine) => {
    const once = {
      machine,
      call: withdrawCreditsCall,
      idempotencyKey: request.headers['idempotency-key'],
      body: request.body,
      now: clock.now(),
    };
    const answer = await answerOnce<WithdrawCreditsAnswer>(db, once, (record) =>
      db.transaction(async (tx) => {
        const done = await withdrawCreditsIn(tx, {
          organizationId: machine.organizationId,
          refs: request.body.refs,
          now: once.now,
        });
        await record?.(tx, done);
        return done;
      }),
    );
    request.log.info({ client: machine.clientId, ...answer }, 'platform credits withdrawn');
    return answer;
  });
}
