import {
  createWebhookEndpointCall,
  deleteWebhookEndpointCall,
  listWebhookDeliveriesCall,
  listWebhookEndpointsCall,
  retryWebhookDeliveryCall,
  updateWebhookEndpointCall,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/route';
import { refuseWebhookUrl } from './webhook-address';
import { restartDelivery } from './webhook-deliveries';
import {
  deleteEndpoint,
  findEndpoint,
  findVisibleEvent,
  listAttempts,
  listEndpoints,
  registerEndpoint,
  updateEndpoint,
} from './webhook-endpoints';

/**
 * /api/platform/v1/webhook-endpoints (docs/product/platform-api.md#webhooks), scope `webhooks:write`. Another
 * organization's endpoint or event, and for a funder's client another funder's or the platform's
 * (docs/product/funders.md#clients), answers the same 404 as one that does not exist. The secret is in the
 * registration's answer only; no log line carries it.
 */
export async function webhookRoutes(app: FastifyInstance) {
  const { db, clock, secrets, webhooks } = app.deps;
  const notFound = () => new AppError('error.webhook.notFound');

  const checkUrl = async (url: string) => {
    const refusal = await refuseWebhookUrl(url, webhooks.addressRules);
    if (refusal)
      throw new AppError('error.validation', { fieldErrors: [{ field: 'url', message: refusal }] });
  };

  registerCall(app, createWebhookEndpointCall, async (request, _reply, machine) => {
    await checkUrl(request.body.url);
    const created = await registerEndpoint(db, secrets, {
      viewer: machine,
      machineClientId: machine.machineClientId,
      url: request.body.url,
      events: request.body.events,
      now: clock.now(),
    });
    request.log.info(
      { client: machine.clientId, endpointId: created.id, events: created.events },
      'webhook endpoint registered',
    );
    return created;
  });

  registerCall(app, listWebhookEndpointsCall, async (_request, _reply, machine) => ({
    content: await listEndpoints(db, machine),
  }));

  registerCall(app, updateWebhookEndpointCall, async (request, _reply, machine) => {
    // Another organization's id answers 404 before its URL is judged, as one that does not exist.
    if (!(await findEndpoint(db, machine, request.params.id))) throw notFound();
    if (request.body.url !== undefined) await checkUrl(request.body.url);
    const updated = await updateEndpoint(db, {
      viewer: machine,
      id: request.params.id,
      url: request.body.url,
      events: request.body.events,
    });
    if (!updated) throw notFound();
    request.log.info(
      { client: machine.clientId, endpointId: updated.id, events: updated.events },
      'webhook endpoint edited',
    );
    return updated;
  });

  registerCall(app, deleteWebhookEndpointCall, async (request, _reply, machine) => {
    if (!(await deleteEndpoint(db, machine, request.params.id))) throw notFound();
    request.log.info({ client: machine.clientId, endpointId: request.params.id }, 'webhook endpoint removed');
  });

  registerCall(app, listWebhookDeliveriesCall, async (request, _reply, machine) => {
    const endpoint = await findEndpoint(db, machine, request.params.id);
    if (!endpoint) throw notFound();
    return listAttempts(db, { endpointId: endpoint.id, ...request.query });
  });

  registerCall(app, retryWebhookDeliveryCall, async (request, _reply, machine) => {
    const endpoint = await findEndpoint(db, machine, request.params.id);
    if (!endpoint) throw notFound();
    const found = await findVisibleEvent(db, machine, request.params.eventId);
    if (!found) throw new AppError('error.event.notFound');
    const { event } = found;
    if (endpoint.disabledAt) throw new AppError('error.webhook.disabled');
    // A funder's endpoint takes its funder's events only, whoever asks (a platform client sees every event).
    const takesFunder = endpoint.funderId === null || endpoint.funderId === found.funderId;
    if (!takesFunder || (endpoint.eventTypes && !endpoint.eventTypes.includes(event.type)))
      throw new AppError('error.webhook.notSubscribed');
    const delivery = await restartDelivery(db, { endpointId: endpoint.id, event });
    request.log.info(
      { client: machine.clientId, endpointId: endpoint.id, eventId: event.id },
      'webhook delivery restarted',
    );
    return {
      eventId: String(event.id),
      state: delivery.state,
      nextAttemptAt: delivery.nextAttemptAt.toISOString(),
    };
  });
}
