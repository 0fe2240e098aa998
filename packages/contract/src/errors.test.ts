import { readFileSync } from 'node:fs';
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

  it('spells every code as docs/product/errors.md#spelling states, the spec’s own spellings apart', () => {
    const docs = readFileSync(new URL('../../../docs/product/errors.md', import.meta.url), 'utf8');
    const paragraph = docs.slice(
      docs.indexOf('<a id="spelling"></a>'),
      docs.indexOf('<a id="client-errors"></a>'),
    );
    const keptFromSpec = paragraph.slice(paragraph.indexOf('Six codes keep')).match(/`error\.[^`]+`/g)!;
    const specSpellings = new Set(keptFromSpec.map((quoted) => quoted.slice(1, -1)));
    expect(specSpellings.size).toBe(6);
    for (const code of specSpellings) expect(isErrorCode(code), code).toBe(true);
    const oauth = new Set(['invalid_client', 'unsupported_grant_type', 'invalid_scope']);
    // An area and what happened, or one generic word; each lower camelCase.
    const word = '[a-z]+(?:[A-Z][a-z0-9]*)*';
    const rule = new RegExp(`^error(\\.${word}){1,2}$`);
    // Compounds run together in lower case (notfound, invalidpassword, toomany), which a bare pattern cannot
    // tell from one word: the ones the catalogue's words would make.
    const runTogether = /\.(notfound|notactive|invalid[a-z]|too[a-z]|already[a-z])/;
    for (const code of errorCodes) {
      if (specSpellings.has(code) || oauth.has(code)) continue;
      expect(code, code).toMatch(rule);
      expect(code, code).not.toMatch(runTogether);
    }
    expect('error.offer.notfound').toMatch(runTogether);
    expect('error.invite.not.found').not.toMatch(rule);
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
