import { z } from 'zod';
import { defineCall } from '../define-call';
import {
  confirmSchema,
  emailSchema,
  inviteStatusSchema,
  opaqueTokenSchema,
  passwordSchema,
  personNameSchema,
  phonePattern,
  strictBody,
  whatsAppStatusSchema,
} from '../primitives';
import { msg } from '../validation-messages';

const tag = 'persons';

/** The phone pattern, or nothing at all. */
const optionalPhonePattern = new RegExp(`^$|${phonePattern.source}`);

export const personSchema = z.object({ name: z.string(), email: z.string() });
export type Person = z.infer<typeof personSchema>;

export const getMyPersonCall = defineCall({
  method: 'GET',
  path: '/api/webapp/persons/me',
  auth: 'user',
  tag,
  summary: 'The logged-in user’s person record',
  response: personSchema,
});

/**
 * The person created from an invite. Cross-field rules are not in the body: a confirmation that differs or a
 * missing phone with RECEIVE must reach the handler, which answers error.invite.passwordDoesNotMatch and
 * error.invite.phoneNumberAbsent (docs/product/accounts-and-sessions.md#invitations). The wizard uses
 * `personCreationFormSchema`, which has them. An empty phone is accepted here for the same reason.
 */
export const personCreationSchema = strictBody({
  personName: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
  confirm: confirmSchema,
  phoneNumber: z
    .string(msg('validation.phone.invalid'))
    .regex(optionalPhonePattern, msg('validation.phone.invalid'))
    .optional(),
  whatsAppStatus: whatsAppStatusSchema.default('NOT_KNOWN'),
  acceptedTerms: z
    .boolean(msg('validation.terms.required'))
    .refine((accepted) => accepted, msg('validation.terms.required')),
});
export type PersonCreation = z.input<typeof personCreationSchema>;

export const personCreationFormSchema = personCreationSchema
  .refine((form) => form.confirm === form.password, {
    ...msg('validation.confirm.mismatch'),
    path: ['confirm'],
  })
  .refine((form) => form.whatsAppStatus !== 'RECEIVE' || Boolean(form.phoneNumber), {
    ...msg('validation.phone.required'),
    path: ['phoneNumber'],
  });

export const personCreationResultSchema = z.object({ inviteStatus: inviteStatusSchema });

/** Creates user, person and team membership, accepts the terms and closes the invite (CONFIRMED). */
export const createInvitedPersonCall = defineCall({
  method: 'POST',
  path: '/api/webapp/persons/provider/invite/:token',
  auth: 'public',
  tag,
  summary: 'Accept an invite: create the user and join the company',
  params: z.object({ token: opaqueTokenSchema }),
  body: personCreationSchema,
  response: personCreationResultSchema,
});
