// @vitest-environment node
import { errorBody } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { defaultBlockingAction, displayOf } from './display-rules';

describe('displayOf (docs/product errors, specific errors)', () => {
  it.each([
    'error.invite.not.found',
    'error.invite.closed',
    'error.invite.confirmed',
    'error.invite.waitingConfirmation',
  ] as const)('%s is blocking with the understood action', (code) => {
    expect(displayOf(errorBody(code))).toEqual({
      mode: 'BLOCKING',
      messageKey: code,
      action: { labelKey: 'global.understood', kind: 'close' },
      showSupportPhone: false,
    });
  });

  it('no credits is blocking and goes to program selection', () => {
    expect(displayOf(errorBody('error.credit.notfound'))).toMatchObject({
      mode: 'BLOCKING',
      action: { kind: 'programSelection' },
    });
  });

  it.each(['error.user.notActivated', 'error.user.notactive'] as const)(
    '%s shows the support phone, no action',
    (code) => {
      expect(displayOf(errorBody(code))).toMatchObject({
        mode: 'BLOCKING',
        action: null,
        showSupportPhone: true,
      });
    },
  );

  it('not a team member logs out', () => {
    expect(displayOf(errorBody('error.person.notTeamMember')).action).toEqual({
      labelKey: 'global.exit',
      kind: 'logout',
    });
  });

  it('an unknown reset key goes to /', () => {
    expect(displayOf(errorBody('error.user.resetKeyDoesNotExists')).action).toEqual({
      labelKey: 'global.understood',
      kind: 'home',
    });
  });

  it('unauthorized is blocking, its action logs in again', () => {
    expect(displayOf(errorBody('error.http.unauthorized'))).toMatchObject({
      mode: 'BLOCKING',
      action: { labelKey: 'global.unauthorized-login', kind: 'logout' },
    });
  });

  it('the invalid-login codes and every other code are toasts keyed by error_description', () => {
    for (const code of [
      'error.invalidpassword',
      'error.user.notfound',
      'error.http.forbidden',
      'error.unknown',
    ] as const) {
      expect(displayOf(errorBody(code))).toMatchObject({ mode: 'NON_BLOCKING', messageKey: code });
    }
  });

  it('the planner’s not-enough is not toasted: the planner shows it in place with the reachable amount', () => {
    expect(displayOf(errorBody('error.plan.notEnough', [], 400, { reachable: 10 }))).toMatchObject({
      mode: 'IGNORED',
      messageKey: 'error.plan.notEnough',
    });
  });

  it('an offer gone is not toasted: the simulation says it above its fresh offers', () => {
    expect(displayOf(errorBody('error.offer.unavailable'))).toMatchObject({
      mode: 'IGNORED',
      messageKey: 'error.offer.unavailable',
    });
  });

  it('the login’s code step and a locked PIN are said in place, not toasted (account security)', () => {
    for (const code of [
      'error.user.mfaRequired',
      'error.user.mfaTokenInvalid',
      'error.user.pinLocked',
    ] as const) {
      expect(displayOf(errorBody(code))).toMatchObject({ mode: 'IGNORED', messageKey: code });
    }
    for (const code of [
      'error.user.otpInvalid',
      'error.user.pinMismatch',
      'error.user.pinNotRegistered',
    ] as const) {
      expect(displayOf(errorBody(code))).toMatchObject({ mode: 'NON_BLOCKING', messageKey: code });
    }
  });

  it('a key the catalogue does not know shows error.unknown', () => {
    const error = {
      ...errorBody('error.unknown'),
      code: 'error.fromTheFuture',
      error_description: 'error.fromTheFuture',
    };
    expect(displayOf(error).messageKey).toBe('error.unknown');
  });

  it('a caller may ignore an error or make it blocking with the default action', () => {
    expect(displayOf(errorBody('error.http.unauthorized'), 'IGNORED').mode).toBe('IGNORED');
    expect(displayOf(errorBody('error.unknown'), 'BLOCKING')).toMatchObject({
      mode: 'BLOCKING',
      action: defaultBlockingAction,
    });
    expect(defaultBlockingAction).toEqual({ labelKey: 'global.close', kind: 'giroApi' });
  });
});
