import { z } from 'zod';
import { defineCall, emptyResponseSchema } from '../define-call';
import {
  confirmSchema,
  emailSchema,
  limits,
  localeSchema,
  opaqueTokenSchema,
  passwordSchema,
  roleSchema,
  strictBody,
} from '../primitives';
import { msg, requiredOr } from '../validation-messages';

const tag = 'account';

export const accountSchema = z.object({
  /** The login is the email, lower-cased. */
  login: z.string(),
  email: z.string(),
  firstName: z.string(),
  activated: z.boolean(),
  authorities: z.array(roleSchema),
  langKey: localeSchema,
  /** Whether a second factor is on (docs/product/account-security.md#second-factor). */
  twoFactorEnabled: z.boolean(),
  /** The organization requires one: without it, enrolment comes before any other page. */
  twoFactorRequired: z.boolean(),
  /** Whether a transaction PIN is set (docs/product/account-security.md#pin). */
  pinSet: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

export const getAccountCall = defineCall({
  method: 'GET',
  path: '/api/webapp/account',
  auth: 'user',
  duringEnrolment: true,
  tag,
  summary: 'The logged-in account',
  response: accountSchema,
});

/** The forgot-password form, and the JSON form of the reset request. */
export const passwordResetRequestJsonSchema = strictBody({ email: emailSchema });
/** The `text/plain` form of the reset request: the email itself. */
export const passwordResetRequestTextSchema = emailSchema;
/** Either form reaches the handler as `{email}`. */
export const passwordResetRequestSchema = z.preprocess(
  (body) => (typeof body === 'string' ? { email: body } : body),
  passwordResetRequestJsonSchema,
);

/** Always 200 with no body, whatever the email: the answer must not tell whether an account exists. */
export const requestPasswordResetCall = defineCall({
  method: 'POST',
  path: '/api/webapp/account/reset_password/init',
  auth: 'public',
  tag,
  summary: 'Send a password reset mail',
  consumes: ['text/plain', 'application/json'],
  body: passwordResetRequestSchema,
  response: emptyResponseSchema,
});

const mismatch = msg('validation.confirm.mismatch');

/** Reset by key; the form of /password-reset/:key uses the same schema. */
export const passwordResetSchema = strictBody({
  key: opaqueTokenSchema,
  password: passwordSchema,
  confirm: confirmSchema,
}).refine((body) => body.confirm === body.password, { ...mismatch, path: ['confirm'] });
export type PasswordReset = z.input<typeof passwordResetSchema>;

export const finishPasswordResetCall = defineCall({
  method: 'POST',
  path: '/api/webapp/account/reset_password/finish',
  auth: 'public',
  tag,
  summary: 'Set a new password with a reset key; revokes the user’s tokens',
  body: passwordResetSchema,
  response: emptyResponseSchema,
});

/**
 * The body has no cross-field rule: a confirmation that differs must reach the handler, which answers
 * error.user.passwordMismatch (docs/product/accounts-and-sessions.md#change-password). The profile form adds
 * the rule, see `passwordChangeFormSchema`.
 */
export const passwordChangeSchema = strictBody({
  currentPassword: z
    .string(requiredOr('validation.currentPassword.required'))
    .min(1, msg('validation.currentPassword.required', { abort: true }))
    .max(limits.passwordMax, msg('validation.password.max')),
  newPassword: passwordSchema,
  newPasswordConfirm: confirmSchema,
});
export type PasswordChange = z.input<typeof passwordChangeSchema>;

export const passwordChangeFormSchema = passwordChangeSchema.refine(
  (form) => form.newPasswordConfirm === form.newPassword,
  { ...mismatch, path: ['newPasswordConfirm'] },
);

export const changePasswordCall = defineCall({
  method: 'PUT',
  path: '/api/webapp/account/change_password',
  auth: 'user',
  tag,
  summary: 'Change the password; revokes the user’s other tokens',
  body: passwordChangeSchema,
  response: emptyResponseSchema,
});

export const resetKeyUserSchema = z.object({ login: z.string() });

/** An unknown, used or expired key answers 400 error.user.resetKeyDoesNotExists. */
export const getResetKeyUserCall = defineCall({
  method: 'GET',
  path: '/api/webapp/users/reset-key/:key',
  auth: 'public',
  tag,
  summary: 'The login a reset key belongs to',
  params: z.object({ key: opaqueTokenSchema }),
  response: resetKeyUserSchema,
});
