import { z } from 'zod';
import { defineCall } from '../define-call';
import { idParamSchema, idSchema, notificationTypeSchema } from '../primitives';

const tag = 'notifications';

/** Dismissal is the client's (local storage keeps the dismissed ids), so ids must be stable. */
export const notificationSchema = z.object({
  id: idSchema,
  type: notificationTypeSchema,
  title: z.string(),
  message: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const listActiveNotificationsCall = defineCall({
  method: 'GET',
  path: '/api/webapp/notifications/programs/:id/active',
  auth: 'provider',
  tag,
  summary: 'The notifications of a program active now',
  params: z.object({ id: idParamSchema }),
  response: z.array(notificationSchema),
});
