// @vitest-environment node
import { errorBody } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { normalizeError } from './normalize-error';

describe('normalizeError (docs/product errors, reading an error)', () => {
  it('turns no response into error.unknown without touching the token', () => {
    expect(normalizeError(null)).toEqual({
      error: {
        httpStatus: 0,
        code: 'error.unknown',
        message: 'error.unknown',
        error_description: 'error.unknown',
        fieldErrors: [],
      },
      clearToken: false,
    });
  });

  it('keeps the invalid-login descriptions of a 401 and the token', () => {
    for (const code of ['error.user.notfound', 'error.invalidpassword'] as const) {
      const { error, clearToken } = normalizeError({ status: 401, body: errorBody(code) });
      expect(error.code).toBe(code);
      expect(error.error_description).toBe(code);
      expect(clearToken).toBe(false);
    }
  });

  it('keeps user-not-activated but clears the token', () => {
    const { error, clearToken } = normalizeError({ status: 401, body: errorBody('error.user.notActivated') });
    expect(error.code).toBe('error.user.notActivated');
    expect(clearToken).toBe(true);
  });

  it('turns any other 401 into error.http.unauthorized and clears the token', () => {
    for (const body of [errorBody('error.token.invalid'), undefined, { error: 'invalid_token' }]) {
      const { error, clearToken } = normalizeError({ status: 401, body });
      expect(error).toMatchObject({ httpStatus: 401, code: 'error.http.unauthorized' });
      expect(error.error_description).toBe('error.http.unauthorized');
      expect(clearToken).toBe(true);
    }
  });

  it('keeps the mfa_required answer of the token call with its one-use token, and the stored token', () => {
    const body = errorBody('error.user.mfaRequired', [], 401, undefined, 'mfa-token-1');
    const { error, clearToken } = normalizeError({ status: 401, body });
    expect(error).toMatchObject({
      httpStatus: 401,
      code: 'error.user.mfaRequired',
      error_description: 'error.user.mfaRequired',
      error: 'mfa_required',
      mfa_token: 'mfa-token-1',
    });
    expect(clearToken).toBe(false);
    // Without its token it is no second step the client can take: an ordinary 401.
    const tokenless = normalizeError({ status: 401, body: errorBody('error.user.mfaRequired') });
    expect(tokenless.error.code).toBe('error.http.unauthorized');
  });

  it('keeps the code of a 403 error.user.twoFactorRequired, so the message says why', () => {
    const { error, clearToken } = normalizeError({
      status: 403,
      body: errorBody('error.user.twoFactorRequired'),
    });
    expect(error).toMatchObject({ httpStatus: 403, code: 'error.user.twoFactorRequired' });
    expect(error.error_description).toBe('error.user.twoFactorRequired');
    expect(clearToken).toBe(false);
  });

  it('turns every other 403 into error.http.forbidden', () => {
    const { error } = normalizeError({ status: 403, body: errorBody('error.organization.unauthorized') });
    expect(error).toMatchObject({
      httpStatus: 403,
      code: 'error.http.forbidden',
      error_description: 'error.http.forbidden',
    });
  });

  it('reads message, code, fieldErrors and error_description of other statuses', () => {
    const body = errorBody('error.validation', [{ field: 'email', message: 'validation.email.invalid' }]);
    const { error, clearToken } = normalizeError({ status: 400, body });
    expect(error).toEqual({ ...body, httpStatus: 400 });
    expect(clearToken).toBe(false);
  });

  it('never lets server English through a field error', () => {
    const body = {
      ...errorBody('error.validation'),
      fieldErrors: [{ field: 'email', message: 'must be an email' }],
    };
    expect(normalizeError({ status: 400, body }).error.fieldErrors).toEqual([
      { field: 'email', message: 'validation.invalid' },
    ]);
  });

  it('distinguishes 404 and 500 answers that carry no body', () => {
    expect(normalizeError({ status: 404, body: undefined }).error.code).toBe('error.notFound');
    expect(normalizeError({ status: 500, body: '<html>' }).error.code).toBe('error.unknown');
    expect(normalizeError({ status: 502, body: undefined }).error.code).toBe('error.unknown');
  });

  it('prefers error_description when the three keys differ', () => {
    const body = {
      httpStatus: 400,
      message: 'x',
      code: 'error.credit.invalid',
      fieldErrors: [],
      error_description: 'error.credit.notfound',
    };
    const { error } = normalizeError({ status: 400, body });
    expect(error.error_description).toBe('error.credit.notfound');
    expect(error.code).toBe('error.credit.invalid');
  });

  it('keeps the figures of params a message needs, numbers only (error.plan.notEnough: reachable)', () => {
    const body = errorBody('error.plan.notEnough', [], 400, { reachable: 1234.56 });
    expect(normalizeError({ status: 400, body }).error).toEqual({ ...body, httpStatus: 400 });
    const odd = { ...errorBody('error.plan.notEnough'), params: { reachable: '1234', other: Number.NaN } };
    expect(normalizeError({ status: 400, body: odd }).error).not.toHaveProperty('params');
    expect(normalizeError({ status: 400, body: errorBody('error.validation') }).error).not.toHaveProperty(
      'params',
    );
  });
});
