import { z } from 'zod';
import { defineCall, emptyResponseSchema } from '../define-call';
import { inboxEventTypeSchema } from '../enums';
import { pageQueryShape } from '../page';
import { idSchema, instantSchema, limits, queryIntSchema } from '../primitives';

const tag = 'inbox';

/** One item of the notification centre, in the reader's language. */
export const inboxItemSchema = z.object({
  id: idSchema,
  type: inboxEventTypeSchema,
  title: z.string(),
  message: z.string(),
  createdAt: instantSchema,
  readAt: instantSchema.nullable(),
  /** The request it is about, if any: opening the item goes there. */
  batchId: idSchema.nullable(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxPageSchema = z.object({
  /** Newest first. */
  content: z.array(inboxItemSchema),
  /** Unread items of the whole inbox, for the bell. */
  unread: z.number().int().min(0),
  last: z.boolean(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

export const listInboxCall = defineCall({
  method: 'GET',
  path: '/api/webapp/inbox',
  auth: 'provider',
  tag,
  summary: 'The caller’s notification centre, newest first',
  querystring: z.object(pageQueryShape),
  response: inboxPageSchema,
});

/** Another user's item, or none: 404 error.inbox.notfound. */
export const markInboxItemReadCall = defineCall({
  method: 'PUT',
  path: '/api/webapp/inbox/:id/read',
  auth: 'provider',
  tag,
  summary: 'Mark one notification read',
  params: z.object({ id: queryIntSchema({ min: 1, max: limits.idMax, key: 'validation.id.invalid' }) }),
  response: emptyResponseSchema,
});

export const markInboxReadCall = defineCall({
  method: 'PUT',
  path: '/api/webapp/inbox/read-all',
  auth: 'provider',
  tag,
  summary: 'Mark every notification read',
  response: emptyResponseSchema,
});

/** One switch per event type; every type is present, on unless the user turned it off. */
export const notificationPreferencesSchema = z.strictObject({
  email: z.record(inboxEventTypeSchema, z.boolean()),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const getNotificationPreferencesCall = defineCall({
  method: 'GET',
  path: '/api/webapp/notification-preferences',
  auth: 'provider',
  tag,
  summary: 'Which events the caller is sent an e-mail for',
  response: notificationPreferencesSchema,
});

/** The whole set: a missing type answers 400 (zod's record of an enum needs every key). */
export const setNotificationPreferencesCall = defineCall({
  method: 'PUT',
  path: '/api/webapp/notification-preferences',
  auth: 'provider',
  tag,
  summary: 'Choose which events the caller is sent an e-mail for',
  body: notificationPreferencesSchema,
  response: notificationPreferencesSchema,
});
