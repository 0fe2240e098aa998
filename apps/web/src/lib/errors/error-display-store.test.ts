// @vitest-environment node
import { errorBody } from '@portal/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  dismissMessage,
  errorDisplayStore,
  reportError,
  resetErrors,
  showSuccess,
} from './error-display-store';

const state = () => errorDisplayStore.get();

describe('the error display (docs/product errors)', () => {
  beforeEach(() => errorDisplayStore.set({ blocking: [], toasts: [] }));

  it('does not add a duplicate of an error already shown or waiting', () => {
    reportError(errorBody('error.unknown'));
    reportError(errorBody('error.unknown'));
    reportError(errorBody('error.http.unauthorized'));
    reportError(errorBody('error.http.unauthorized'));
    expect(state().toasts.map((shown) => shown.messageKey)).toEqual(['error.unknown']);
    expect(state().blocking.map((shown) => shown.messageKey)).toEqual(['error.http.unauthorized']);
  });

  it('adds the same error again once the first was dismissed', () => {
    reportError(errorBody('error.unknown'));
    dismissMessage(state().toasts[0]?.id ?? -1);
    reportError(errorBody('error.unknown'));
    expect(state().toasts).toHaveLength(1);
  });

  it('queues toasts so that one shows at a time, in order', () => {
    reportError(errorBody('error.unknown'));
    showSuccess('profile.updated');
    reportError(errorBody('error.http.forbidden'));
    expect(state().toasts.map((shown) => shown.messageKey)).toEqual([
      'error.unknown',
      'profile.updated',
      'error.http.forbidden',
    ]);
  });

  it('shows nothing for an ignored error', () => {
    reportError(errorBody('error.unknown'), 'IGNORED');
    expect(state()).toEqual({ blocking: [], toasts: [] });
  });

  it('resets errors, blocking and toasts, but keeps success toasts', () => {
    reportError(errorBody('error.credit.notfound'));
    reportError(errorBody('error.unknown'));
    showSuccess('company.switched', { name: 'Alfa' });
    resetErrors();
    expect(state().blocking).toEqual([]);
    expect(state().toasts.map((shown) => [shown.kind, shown.messageKey, shown.values])).toEqual([
      ['success', 'company.switched', { name: 'Alfa' }],
    ]);
  });
});
