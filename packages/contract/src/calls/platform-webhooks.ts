import { z } from 'zod';
import { defineCall, emptyResponseSchema } from '../define-call';
import { platformEventTypeSchema } from '../platform-events';
import { idParamSchema, idSchema, instantSchema, queryIntSchema, strictBody, urlSchema } from '../primitives';
import { msg, requiredOr } from '../validation-messages';
import { platformListLimits } from './platform-batches';

/*
 * Webhooks (docs/product/platform-api.md#webhooks): the organization's events pushed to the endpoints a machine
 * client registers, signed as the Standard Webhooks specification says, with scope `webhooks:write`.
 */

const tag = 'platform';

/** The most endpoints one organization registers. */
export const webhookEndpointsMax = 10;

export const webhookEndpointBodySchema = strictBody({
  /**
   * Where events are POSTed: `https://`, and never an address of a private network (the rule is checked again
   * at each delivery, after the name is resolved). No user or password in it.
   */
  url: urlSchema,
  /** The event types to send; all of them when absent. */
  events: z
    .array(platformEventTypeSchema, requiredOr('validation.required'))
    .min(1, msg('validation.required'))
    .optional(),
});
export type WebhookEndpointBody = z.input<typeof webhookEndpointBodySchema>;

/**
 * An edit of an endpoint: what is given changes, what is absent stays; `events: null` is every type again. Any
 * edit, `{}` included, re-enables a disabled endpoint. The secret stays.
 */
export const webhookEndpointEditSchema = strictBody({
  url: urlSchema.max(2000, msg('validation.text.max')).optional(),
  events: z
    .array(platformEventTypeSchema, requiredOr('validation.required'))
    .min(1, msg('validation.required'))
    .nullable()
    .optional(),
});
export type WebhookEndpointEdit = z.input<typeof webhookEndpointEditSchema>;

export const webhookEndpointSchema = z.object({
  id: idSchema,
  url: z.string(),
  /** The event types it receives, in the catalogue's order. */
  events: z.array(platformEventTypeSchema),
  createdAt: instantSchema,
  /**
   * Set once the endpoint has failed every delivery for 5 days: nothing is sent to it any more. Edit it (PATCH,
   * the same secret) to re-enable it, and replay what it missed with the deliveries' retry, or read the event
   * feed.
   */
  disabledAt: instantSchema.nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer to a registration: the only answer that ever carries the secret. */
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({
  /** `whsec_` and the base64 of 32 random bytes: the key of the signatures (Standard Webhooks). */
  secret: z.string(),
});
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

const endpointIdParamsSchema = z.object({ id: idParamSchema });

/** Another organization's endpoint, or none: the same 404 error.webhook.notFound. */
export const createWebhookEndpointCall = defineCall({
  method: 'POST',
  path: '/api/platform/v1/webhook-endpoints',
  auth: 'machine',
  scope: 'webhooks:write',
  tag,
  summary: 'Register a webhook endpoint (its signing secret is answered this once)',
  body: webhookEndpointBodySchema,
  response: createdWebhookEndpointSchema,
});

export const listWebhookEndpointsCall = defineCall({
  method: 'GET',
  path: '/api/platform/v1/webhook-endpoints',
  auth: 'machine',
  scope: 'webhooks:write',
  tag,
  summary: 'The organization’s webhook endpoints',
  response: z.object({ content: z.array(webhookEndpointSchema) }),
});

/**
 * Edits an endpoint in place (its URL, under the registration's rules, and its event types) and re-enables it if
 * it was disabled; its secret and its delivery log stay. Another organization's endpoint, or none: 404
 * error.webhook.notFound.
 */
export const updateWebhookEndpointCall = defineCall({
  method: 'PATCH',
  path: '/api/platform/v1/webhook-endpoints/:id',
  auth: 'machine',
  scope: 'webhooks:write',
  tag,
  summary: 'Edit a webhook endpoint (URL, event types) and re-enable it; the secret stays',
  params: endpointIdParamsSchema,
  body: webhookEndpointEditSchema,
  response: webhookEndpointSchema,
});

/** Stops its deliveries at once; its delivery log goes with it. */
export const deleteWebhookEndpointCall = defineCall({
  method: 'DELETE',
  path: '/api/platform/v1/webhook-endpoints/:id',
  auth: 'machine',
  scope: 'webhooks:write',
  tag,
  summary: 'Remove a webhook endpoint',
  params: endpointIdParamsSchema,
  response: emptyResponseSchema,
});

/** One HTTP attempt to deliver an event: its answer's status, or why there was none. */
export const webhookAttemptSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: platformEventTypeSchema,
  attemptedAt: instantSchema,
  durationMs: z.number().int().min(0),
  /** The receiver's HTTP status; null when it gave none (refused, timed out, a forbidden address). */
  statusCode: z.number().int().nullable(),
  /** Why there was no 2xx in words for the integrator (`timeout after 10 s`, `connect ECONNREFUSED`); null on a 2xx. */
  error: z.string().nullable(),
  /** Whether this attempt delivered the event (a 2xx within 10 s). */
  delivered: z.boolean(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliveriesQuerySchema = z.object({
  /** The cursor: the previous page's `next`; the newest attempts when absent. */
  before: queryIntSchema({ min: 1, max: Number.MAX_SAFE_INTEGER, key: 'validation.invalid' }).optional(),
  limit: queryIntSchema({ min: 1, max: platformListLimits.max, key: 'validation.size.invalid' }).default(
    platformListLimits.default,
  ),
});

/** The delivery log, newest attempt first; `next` is the `before` of the older page, null at the oldest. */
export const listWebhookDeliveriesCall = defineCall({
  method: 'GET',
  path: '/api/platform/v1/webhook-endpoints/:id/deliveries',
  auth: 'machine',
  scope: 'webhooks:write',
  tag,
  summary: 'The delivery attempts of a webhook endpoint, newest first',
  params: endpointIdParamsSchema,
  querystring: webhookDeliveriesQuerySchema,
  response: z.object({ content: z.array(webhookAttemptSchema), next: z.string().nullable() }),
});

/** Where an event's delivery to one endpoint stands. */
export const webhookDeliverySchema = z.object({
  eventId: z.string(),
  /** `pending`: to be sent (now, or at `nextAttemptAt`); `delivered`; `failed`: every retry failed. */
  state: z.enum(['pending', 'delivered', 'failed']),
  nextAttemptAt: instantSchema.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/**
 * Sends one of the organization's events to the endpoint again, now, with a fresh set of retries (an event
 * delivered already, one whose retries ran out, or one from before the endpoint existed). In order: it waits
 * behind an earlier event of the same request still pending. An unknown event 404 error.event.notFound; a
 * disabled endpoint 409 error.webhook.disabled; an event of a type the endpoint does not take 409
 * error.webhook.notSubscribed.
 */
export const retryWebhookDeliveryCall = defineCall({
  method: 'POST',
  path: '/api/platform/v1/webhook-endpoints/:id/deliveries/:eventId/retry',
  auth: 'machine',
  scope: 'webhooks:write',
  tag,
  summary: 'Send an event to a webhook endpoint again',
  params: z.object({ id: idParamSchema, eventId: idParamSchema }),
  response: webhookDeliverySchema,
});
