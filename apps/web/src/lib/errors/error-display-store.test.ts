// @vitest-environment node
import { notifications, notificationsStore } from '@mantine/notifications';
import { errorBody } from '@portal/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dismissMessage,
  errorDisplayStore,
  reportError,
  resetErrors,
  showSuccess,
} from './error-display-store';

/** The toasts' module loads with the first toast; each call reaches it a moment later. */
const settled = () => vi.dynamicImportSettled();
const blocking = () => errorDisplayStore.get().blocking.map((shown) => shown.messageKey);
/** The toasts on screen, then the ones waiting: [id, role, autoClose]. */
const toasts = () => {
  const { notifications: shown, queue } = notificationsStore.getState();
  return {
    shown: shown.map((toast) => [toast.id, toast.role, toast.autoClose]),
    waiting: queue.map((toast) => toast.id),
  };
};

describe('the error display (docs/product errors)', () => {
  beforeEach(() => {
    errorDisplayStore.set({ blocking: [], toastsLoaded: false });
    notifications.clean();
  });

  it('does not add a duplicate of an error already shown or waiting', async () => {
    showSuccess('profile.updated');
    reportError(errorBody('error.unknown'));
    reportError(errorBody('error.unknown'));
    reportError(errorBody('error.http.unauthorized'));
    reportError(errorBody('error.http.unauthorized'));
    await settled();
    expect(toasts().waiting).toEqual(['error:error.unknown:{}']);
    expect(blocking()).toEqual(['error.http.unauthorized']);
  });

  it('adds the same error again once the first was dismissed', async () => {
    reportError(errorBody('error.unknown'));
    await settled();
    notifications.hide('error:error.unknown:{}');
    reportError(errorBody('error.unknown'));
    await settled();
    expect(toasts().shown).toHaveLength(1);
    reportError(errorBody('error.http.unauthorized'));
    dismissMessage(errorDisplayStore.get().blocking[0]?.id ?? -1);
    reportError(errorBody('error.http.unauthorized'));
    expect(blocking()).toEqual(['error.http.unauthorized']);
  });

  it('queues toasts so that one shows at a time, in order: an error for 2 s, a success for 2.5 s', async () => {
    reportError(errorBody('error.unknown'));
    showSuccess('profile.updated');
    reportError(errorBody('error.http.forbidden'));
    await settled();
    expect(toasts()).toEqual({
      shown: [['error:error.unknown:{}', 'alert', 2000]],
      waiting: ['success:profile.updated:{}', 'error:error.http.forbidden:{}'],
    });
    notifications.hide('error:error.unknown:{}');
    expect(toasts().shown).toEqual([['success:profile.updated:{}', 'status', 2500]]);
  });

  it('shows nothing for an ignored error', async () => {
    reportError(errorBody('error.unknown'), 'IGNORED');
    await settled();
    expect(blocking()).toEqual([]);
    expect(toasts()).toEqual({ shown: [], waiting: [] });
  });

  it('resets errors, blocking and toasts, shown or waiting, but keeps success toasts', async () => {
    reportError(errorBody('error.credit.notfound'));
    reportError(errorBody('error.unknown'));
    showSuccess('company.switched', { name: 'Alfa' });
    reportError(errorBody('error.http.forbidden'));
    resetErrors();
    await settled();
    expect(blocking()).toEqual([]);
    expect(toasts()).toEqual({
      shown: [['success:company.switched:{"name":"Alfa"}', 'status', 2500]],
      waiting: [],
    });
  });
});
