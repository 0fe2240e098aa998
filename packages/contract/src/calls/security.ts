import { z } from 'zod';
import { defineCall, emptyResponseSchema } from '../define-call';
import {
  idSchema,
  instantSchema,
  limits,
  otpSchema,
  pinSchema,
  queryIntSchema,
  strictBody,
} from '../primitives';
import { msg, requiredOr } from '../validation-messages';

// Account security for money movement (docs/product/account-security.md): a second factor, a transaction PIN
// and the list of one's sessions. Wrong passwords and codes sent to these calls count toward the account's
// brute-force limit, like the login's.

const tag = 'account-security';

/** The current password, as a confirmation: only bounded, a wrong one answers 400 error.invalidpassword. */
const currentPasswordSchema = z
  .string(requiredOr('validation.currentPassword.required'))
  .min(1, msg('validation.currentPassword.required', { abort: true }))
  .max(limits.passwordMax, msg('validation.password.max'));

export const twoFactorSetupBodySchema = strictBody({ password: currentPasswordSchema });

export const twoFactorSetupSchema = z.object({
  /** `otpauth://totp/…` with the secret, issuer and account: what the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code of `otpauthUri`, an SVG document. */
  qrSvg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/**
 * A new secret, pending until a code confirms it (a second setup replaces a pending one). 400
 * error.user.twoFactorAlreadyEnabled when one is on.
 */
export const setUpTwoFactorCall = defineCall({
  method: 'POST',
  path: '/api/webapp/account/two-factor/setup',
  auth: 'user',
  duringEnrolment: true,
  tag,
  summary: 'Start enrolling a second factor: a new secret and its QR code',
  body: twoFactorSetupBodySchema,
  response: twoFactorSetupSchema,
});

export const twoFactorEnableBodySchema = strictBody({ code: otpSchema });

export const recoveryCodesSchema = z.object({
  /** Ten single-use codes, shown once: only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
});

/**
 * Confirms the pending secret with a code from the app; the second factor is on from then, and the user's
 * other sessions end. 400 error.user.twoFactorNotSetUp without a pending secret, error.user.otpInvalid on a
 * wrong code.
 */
export const enableTwoFactorCall = defineCall({
  method: 'POST',
  path: '/api/webapp/account/two-factor/enable',
  auth: 'user',
  duringEnrolment: true,
  tag,
  summary: 'Confirm a code and turn the second factor on; answers the recovery codes once',
  body: twoFactorEnableBodySchema,
  response: recoveryCodesSchema,
});

export const twoFactorDisableBodySchema = strictBody({ password: currentPasswordSchema, code: otpSchema });

/**
 * Needs the password and a code (or a recovery code). 400 error.user.twoFactorNotEnabled when off; 403
 * error.user.twoFactorRequired when the organization requires one.
 */
export const disableTwoFactorCall = defineCall({
  method: 'POST',
  path: '/api/webapp/account/two-factor/disable',
  auth: 'user',
  tag,
  summary: 'Turn the second factor off',
  body: twoFactorDisableBodySchema,
  response: emptyResponseSchema,
});

export const pinBodySchema = strictBody({ password: currentPasswordSchema, pin: pinSchema });

/** Sets or changes the transaction PIN (6 digits, stored as argon2id); the password confirms it. */
export const setPinCall = defineCall({
  method: 'PUT',
  path: '/api/webapp/account/pin',
  auth: 'user',
  tag,
  summary: 'Set or change the transaction PIN',
  body: pinBodySchema,
  response: emptyResponseSchema,
});

export const sessionSchema = z.object({
  id: idSchema,
  /** Browser and system read from the user agent ("Chrome 131 · Linux"); null when it says nothing known. */
  device: z.string().nullable(),
  /** The address the session was started from. */
  address: z.string().nullable(),
  startedAt: instantSchema,
  /** To the minute: the token check writes it at most once a minute. */
  lastUsedAt: instantSchema,
  /** The session making this call. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** Live sessions (tokens neither expired nor revoked), the most recently used first. */
export const listSessionsCall = defineCall({
  method: 'GET',
  path: '/api/webapp/account/sessions',
  auth: 'user',
  tag,
  summary: 'The live sessions of the logged-in user',
  response: z.array(sessionSchema),
});

export const sessionIdParamsSchema = z.object({
  id: queryIntSchema({ min: 1, max: limits.idMax, key: 'validation.id.invalid' }),
});

/** Ends one session at once, on every API process. Another user's or an ended one: 404 error.session.notFound. */
export const endSessionCall = defineCall({
  method: 'DELETE',
  path: '/api/webapp/account/sessions/:id',
  auth: 'user',
  tag,
  summary: 'End one session',
  params: sessionIdParamsSchema,
  response: emptyResponseSchema,
});

export const endedSessionsSchema = z.object({ ended: z.number().int().min(0) });

/** Ends every session of the user but the one making the call. */
export const endOtherSessionsCall = defineCall({
  method: 'DELETE',
  path: '/api/webapp/account/sessions',
  auth: 'user',
  tag,
  summary: 'End every other session',
  response: endedSessionsSchema,
});
