import { z } from 'zod';
import { defineCall, emptyResponseSchema } from '../define-call';
import { emailSchema, limits, otpSchema, passwordSchema, strictBody } from '../primitives';
import { msg, requiredOr } from '../validation-messages';

const tag = 'auth';

/**
 * The token request, form-encoded as OAuth 2 password grants are. `grant_type` stays a plain string: an
 * unsupported grant must reach the handler, which answers 400 unsupported_grant_type
 * (docs/product/accounts-and-sessions.md#login), not error.validation. The password is only bounded, not
 * checked for length rules: a failed login gives one answer, 401 error.invalidpassword, whatever was wrong.
 * The client (id and secret) comes in the form or in an HTTP Basic Authorization header, or both when they
 * agree.
 */
export const tokenRequestSchema = strictBody({
  username: z
    .string(requiredOr('validation.email.required'))
    .trim()
    .toLowerCase()
    .min(1, msg('validation.email.required', { abort: true }))
    .max(limits.emailMax, msg('validation.email.max'))
    .optional()
    .describe('With grant_type=password'),
  password: z
    .string(requiredOr('validation.password.required'))
    .min(1, msg('validation.password.required', { abort: true }))
    .max(limits.passwordMax, msg('validation.password.max'))
    .optional()
    .describe('With grant_type=password'),
  grant_type: z.string(requiredOr('validation.required')),
  /** With grant_type=mfa_otp: the token of the `mfa_required` answer (docs/product/account-security.md#login). */
  mfa_token: z.string(msg('validation.invalid')).max(limits.tokenMax, msg('validation.text.max')).optional(),
  /** With grant_type=mfa_otp: a code of the authenticator app or a recovery code. */
  otp: otpSchema.optional(),
  scope: z.string(msg('validation.invalid')).optional(),
  // Optional, since a Basic header may carry them (RFC 6749 2.3.1); a request that names no client either
  // way gets 401 invalid_client from the server, not a validation error.
  client_id: z
    .string(msg('validation.invalid'))
    .optional()
    .describe('The OAuth client, unless given in an HTTP Basic Authorization header'),
  client_secret: z
    .string(msg('validation.invalid'))
    .optional()
    .describe("The client's secret, unless given in an HTTP Basic Authorization header"),
  device: z.string(msg('validation.invalid')).max(50, msg('validation.text.max')).optional(),
}).superRefine((body, context) => {
  // Each grant's own fields are required by that grant; an unknown grant reaches the handler as it is.
  const required: [
    keyof typeof body,
    (
      | 'validation.email.required'
      | 'validation.password.required'
      | 'validation.required'
      | 'validation.otp.required'
    ),
  ][] =
    body.grant_type === 'password'
      ? [
          ['username', 'validation.email.required'],
          ['password', 'validation.password.required'],
        ]
      : body.grant_type === 'mfa_otp'
        ? [
            ['mfa_token', 'validation.required'],
            ['otp', 'validation.otp.required'],
          ]
        : [];
  for (const [field, message] of required) {
    if (body[field] === undefined) context.addIssue({ code: 'custom', path: [field], message });
  }
});
export type TokenRequest = z.input<typeof tokenRequestSchema>;

export const accessTokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds; the web app stores expires_at = now + expires_in. */
  expires_in: z.number().int().positive(),
  scope: z.string(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

/**
 * The login form (docs/product/screens-and-routes.md#form-rules): email rules on the user name, 4..100
 * password.
 */
export const loginFormSchema = z.object({ email: emailSchema, password: passwordSchema });
export type LoginForm = z.infer<typeof loginFormSchema>;

/**
 * The organization's slug; may be omitted when the database holds one organization
 * (docs/product/calls.md#organization).
 */
export const organizationHeadersSchema = z.looseObject({
  organization: z.string().min(1).max(100).optional(),
});

export const issueTokenCall = defineCall({
  method: 'POST',
  path: '/api/oauth/token',
  auth: 'public',
  tag,
  summary: 'Log in (password, then a second factor) or a machine client’s token (client credentials)',
  consumes: ['application/x-www-form-urlencoded'],
  headers: organizationHeadersSchema,
  body: tokenRequestSchema,
  response: accessTokenSchema,
});

/** Answers 200 with an empty body whatever the token (revoked, unknown or absent). */
export const logoutCall = defineCall({
  method: 'POST',
  path: '/api/oauth/logout',
  auth: 'public',
  tag,
  summary: 'Log out: revoke the bearer token',
  response: emptyResponseSchema,
});

/**
 * The web app's sign-in (docs/product/accounts-and-sessions.md#web-session): the same checks as the password
 * grant (lock-out, second factor, activation), but the session goes into an HttpOnly cookie the page's scripts
 * cannot read, never into the answer. JSON, with the app's request header (a cross-site form cannot send it).
 */
export const webSignInSchema = strictBody({
  username: z
    .string(requiredOr('validation.email.required'))
    .trim()
    .toLowerCase()
    .min(1, msg('validation.email.required', { abort: true }))
    .max(limits.emailMax, msg('validation.email.max')),
  password: z
    .string(requiredOr('validation.password.required'))
    .min(1, msg('validation.password.required', { abort: true }))
    .max(limits.passwordMax, msg('validation.password.max')),
});
export type WebSignIn = z.input<typeof webSignInSchema>;

/** The sign-in's second step: the `mfa_token` of the 401 error.user.mfaRequired answer and a code. */
export const webSecondFactorSchema = strictBody({
  mfaToken: z
    .string(requiredOr('validation.required'))
    .min(1, msg('validation.required'))
    .max(limits.tokenMax, msg('validation.text.max')),
  otp: otpSchema,
});
export type WebSecondFactor = z.input<typeof webSecondFactorSchema>;

/** What a sign-in answers: how long the session lives (seconds); the session itself is only in the cookie. */
export const webSessionSchema = z.object({ expiresIn: z.number().int().positive() });
export type WebSession = z.infer<typeof webSessionSchema>;

export const startWebSessionCall = defineCall({
  method: 'POST',
  path: '/api/session',
  auth: 'public',
  tag,
  summary: 'Web sign-in: sets the HttpOnly session cookie (a second factor answers mfa_required)',
  headers: organizationHeadersSchema,
  body: webSignInSchema,
  response: webSessionSchema,
});

export const confirmWebSessionCall = defineCall({
  method: 'POST',
  path: '/api/session/second-factor',
  auth: 'public',
  tag,
  summary: 'Web sign-in, second step: the code of the authenticator app or a recovery code',
  headers: organizationHeadersSchema,
  body: webSecondFactorSchema,
  response: webSessionSchema,
});

/** Answers 200 and clears the cookies whatever the session (ended, unknown or absent). */
export const endWebSessionCall = defineCall({
  method: 'DELETE',
  path: '/api/session',
  auth: 'public',
  tag,
  summary: 'Web sign-out: ends the cookie’s session and clears the cookie',
  response: emptyResponseSchema,
});
