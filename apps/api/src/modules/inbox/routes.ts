import {
  getNotificationPreferencesCall,
  listInboxCall,
  markInboxItemReadCall,
  markInboxReadCall,
  setNotificationPreferencesCall,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/route';
import {
  getNotificationPreferences,
  listInbox,
  markInboxItemRead,
  markInboxRead,
  setNotificationPreferences,
} from './inbox-queries';

/** The notification centre and the e-mail choices (docs/product/requests.md#notifications). */
export async function inboxRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;
  registerCall(app, listInboxCall, async (request, _reply, caller) => listInbox(db, caller, request.query));
  registerCall(app, markInboxItemReadCall, async (request, _reply, caller) => {
    await markInboxItemRead(db, caller, request.params.id, clock.now());
    return undefined;
  });
  registerCall(app, markInboxReadCall, async (_request, _reply, caller) => {
    await markInboxRead(db, caller, clock.now());
    return undefined;
  });
  registerCall(app, getNotificationPreferencesCall, async (_request, _reply, caller) =>
    getNotificationPreferences(db, caller),
  );
  registerCall(app, setNotificationPreferencesCall, async (request, _reply, caller) =>
    setNotificationPreferences(db, caller, request.body),
  );
}
