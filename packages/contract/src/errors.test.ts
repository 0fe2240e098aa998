import { describe, expect, it } from 'vitest';
import {
  allowedErrorStatuses,
  errorBody,
  errorBodySchema,
  errorCatalogue,
  errorCodes,
  isErrorCode,
  statusOf,
} from './errors';

describe('error catalogue', () => {
  it('maps every code to one of the allowed statuses', () => {
    const allowed: readonly number[] = allowedErrorStatuses;
    for (const code of errorCodes) expect(allowed, code).toContain(statusOf(code));
  });

  it('names codes in the catalogue style (dotted camelCase, or the three OAuth names)', () => {
    for (const code of errorCodes) {
      expect(code).toMatch(
        /^(error(\.[a-z][A-Za-z]*)+|invalid_client|unsupported_grant_type|invalid_scope)$/,
      );
    }
  });

  it.each([
    ['error.unknown', 500],
    ['error.validation', 400],
    ['error.http.unauthorized', 401],
    ['error.http.forbidden', 403],
    ['error.accessDenied', 403],
    ['error.invalidpassword', 401],
    ['error.user.notActivated', 401],
    ['error.user.tooManyAttempts', 429],
    ['error.user.resetKeyDoesNotExists', 400],
    ['error.user.passwordMismatch', 400],
    ['error.company.notFound', 404],
    ['error.invite.not.found', 404],
    ['error.invite.closed', 400],
    ['error.credit.notfound', 400],
    ['error.operation.closed', 400],
    ['error.idempotency.conflict', 422],
    ['error.upload.tooLarge', 413],
    ['error.upload.unsupportedType', 400],
    ['error.notFound', 404],
    ['error.serviceUnavailable', 503],
    ['error.rateLimited', 429],
    ['invalid_client', 401],
    ['unsupported_grant_type', 400],
  ] as const)('%s answers %i', (code, status) => {
    expect(statusOf(code)).toBe(status);
  });

  it('has the codes the product docs name (docs/product errors)', () => {
    for (const code of [
      'error.invite.confirmed',
      'error.invite.waitingConfirmation',
      'error.invite.passwordDoesNotMatch',
      'error.invite.phoneNumberAbsent',
      'error.user.notactive',
      'error.person.notTeamMember',
      'error.user.notfound',
      'error.bankAccount.empty',
      'error.request.wrongProvider',
      'error.request.multiplePrograms',
      'error.email.alreadyInUse',
      'error.credit.invoiceRequired',
    ]) {
      expect(isErrorCode(code), code).toBe(true);
    }
    expect(isErrorCode('error.made.up')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(errorCodes).toHaveLength(Object.keys(errorCatalogue).length);
  });

  it('builds the one error body with every key present', () => {
    const body = errorBody('error.validation', [{ field: 'email', message: 'validation.email.invalid' }]);
    expect(errorBodySchema.strict().parse(body)).toEqual({
      httpStatus: 400,
      message: 'error.validation',
      code: 'error.validation',
      fieldErrors: [{ field: 'email', message: 'validation.email.invalid' }],
      error_description: 'error.validation',
    });
    expect(errorBody('error.unknown').fieldErrors).toEqual([]);
  });

  it("answers with the code's own status unless told another", () => {
    expect(errorBody('error.upload.tooLarge').httpStatus).toBe(413);
    expect(errorBody('error.invalidpassword', [], 400).httpStatus).toBe(400);
  });
});
