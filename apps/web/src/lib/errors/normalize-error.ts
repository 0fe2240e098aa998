import {
  type ErrorCode,
  type FieldError,
  fieldErrorParamsSchema,
  isValidationMessageKey,
} from '@portal/contract';
import type { AppError } from './app-error';

/** A failed call as the client saw it: the status and the parsed body, or no response at all. */
export type FailedCall = { status: number; body: unknown } | null;

/** The normalised error and whether the stored token must be cleared (a session effect of some 401s). */
export type Normalized = { error: AppError; clearToken: boolean };

/** The 401 descriptions the client keeps as they are (docs/product/errors.md#reading-an-error). */
const keptUnauthorized: ReadonlySet<string> = new Set<ErrorCode>([
  'error.user.notfound',
  'error.invalidpassword',
  'error.user.notActivated',
]);

function textField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  return typeof value === 'string' ? value : '';
}

/**
 * Field errors whose message is not a validation key become validation.invalid: no server English shows. Their
 * `params` (what a document says against what the portal holds) are kept when they have that shape.
 */
function readFieldErrors(body: Record<string, unknown>): FieldError[] {
  const raw = body.fieldErrors;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { field, message, params } = item as Record<string, unknown>;
    if (typeof field !== 'string') return [];
    const key =
      typeof message === 'string' && isValidationMessageKey(message) ? message : 'validation.invalid';
    const parsed = fieldErrorParamsSchema.safeParse(params);
    return [parsed.success ? { field, message: key, params: parsed.data } : { field, message: key }];
  });
}

/**
 * The figures some error bodies carry for their message (error.plan.notEnough: `reachable`): finite numbers
 * only, by name; undefined when the body has none.
 */
function readParams(body: Record<string, unknown>): Record<string, number> | undefined {
  const raw = body.params;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const entries = Object.entries(raw).filter(
    (entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1]),
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/**
 * The one-use token of an `mfa_required` answer (the token call's 401 error.user.mfaRequired,
 * docs/product/account-security.md#login): what the login's code step sends back with the code.
 */
function mfaRequired(body: Record<string, unknown>): AppError | null {
  const token = textField(body, 'mfa_token');
  if (!token) return null;
  return { ...withCode(401, 'error.user.mfaRequired'), error: 'mfa_required', mfa_token: token };
}

function withCode(status: number, code: string, fieldErrors: FieldError[] = []): AppError {
  return { httpStatus: status, message: code, code, fieldErrors, error_description: code };
}

/**
 * docs/product/errors.md#reading-an-error: message, code, fieldErrors and error_description come from the
 * body; no response is error.unknown; a 401 keeps user-not-found and invalid-password, keeps
 * user-not-activated but clears the token, and turns anything else into error.http.unauthorized (clearing the
 * token); a 403 becomes error.http.forbidden. Other statuses keep the body's key (error_description first, as
 * the toasts do), and the figures of `params` a message needs.
 *
 * Account security (docs/product/account-security.md): a 401 error.user.mfaRequired is no lost session but the
 * login's second step, kept with its `mfa_token` (the token stays); a 403 error.user.twoFactorRequired keeps its
 * code, so the message says why (enrolment first, or a factor that cannot be turned off).
 */
export function normalizeError(failed: FailedCall): Normalized {
  if (failed === null) return { error: withCode(0, 'error.unknown'), clearToken: false };
  const { status } = failed;
  const body =
    typeof failed.body === 'object' && failed.body !== null ? (failed.body as Record<string, unknown>) : {};
  const description =
    textField(body, 'error_description') || textField(body, 'code') || textField(body, 'message');
  if (status === 401) {
    const challenge = description === 'error.user.mfaRequired' ? mfaRequired(body) : null;
    if (challenge) return { error: challenge, clearToken: false };
    if (keptUnauthorized.has(description)) {
      return {
        error: withCode(status, description),
        clearToken: description === 'error.user.notActivated',
      };
    }
    return { error: withCode(status, 'error.http.unauthorized'), clearToken: true };
  }
  if (status === 403) {
    const code = description === 'error.user.twoFactorRequired' ? description : 'error.http.forbidden';
    return { error: withCode(status, code), clearToken: false };
  }
  // A body without a key (a proxy's HTML page, an empty 502) still needs a message the user can read.
  const fallback = status === 404 ? 'error.notFound' : 'error.unknown';
  const code = textField(body, 'code') || description || fallback;
  const params = readParams(body);
  return {
    error: {
      httpStatus: status,
      message: textField(body, 'message') || code,
      code,
      fieldErrors: readFieldErrors(body),
      error_description: description || code,
      ...(params ? { params } : {}),
    },
    clearToken: false,
  };
}
