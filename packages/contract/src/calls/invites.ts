import { z } from 'zod';
import { defineCall } from '../define-call';
import {
  emailSchema,
  identificationSchema,
  inviteStatusSchema,
  opaqueTokenSchema,
  strictBody,
} from '../primitives';

const tag = 'invites';

export const inviteSchema = z.object({
  email: z.string(),
  status: inviteStatusSchema,
  companyName: z.string(),
  identification: identificationSchema,
  organizationName: z.string(),
});
export type Invite = z.infer<typeof inviteSchema>;

/**
 * Unknown or expired: 404 error.invite.not.found. A status other than OPEN: 400 error.invite.closed,
 * error.invite.confirmed or error.invite.waitingConfirmation.
 */
export const getInviteCall = defineCall({
  method: 'GET',
  path: '/api/webapp/invites/:token',
  auth: 'public',
  tag,
  summary: 'An invite, by its token',
  params: z.object({ token: opaqueTokenSchema }),
  response: inviteSchema,
});

export const emailCheckSchema = strictBody({ email: emailSchema, token: opaqueTokenSchema });
export type EmailCheck = z.input<typeof emailCheckSchema>;

export const emailCheckResultSchema = z.object({ exists: z.boolean(), email: z.string() });
export type EmailCheckResult = z.infer<typeof emailCheckResultSchema>;

/** Answers only with a valid OPEN invite token (else the invite errors) and is rate-limited. */
export const validateInviteEmailCall = defineCall({
  method: 'POST',
  path: '/api/webapp/users/email/validate',
  auth: 'public',
  tag,
  summary: 'Whether an email is already registered, during an invitation',
  body: emailCheckSchema,
  response: emailCheckResultSchema,
});
