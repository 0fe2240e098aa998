import { notifications, notificationsStore } from '@mantine/notifications';
import { errorBody } from '@portal/contract';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorDisplayStore, reportError, showSuccess } from '../lib/errors/error-display-store';
import { useResetErrorsOnRouteChange } from './use-reset-errors-on-route-change';

function Root() {
  useResetErrorsOnRouteChange();
  return <Outlet />;
}

function setup() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Root />,
        children: [
          { path: 'a', element: null },
          { path: 'b', element: null },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** The toasts shown or waiting: success or error. */
const toastKinds = () => {
  const { notifications: shown, queue } = notificationsStore.getState();
  return [...shown, ...queue].map((toast) => toast.id?.split(':')[0]);
};

describe('errors reset when the route changes (docs/product errors)', () => {
  beforeEach(() => {
    errorDisplayStore.set({ blocking: [], toastsLoaded: false });
    notifications.clean();
  });

  it('clears blocking and toast errors on navigation, keeps success toasts', async () => {
    const router = setup();
    act(() => {
      reportError(errorBody('error.credit.notfound'));
      reportError(errorBody('error.unknown'));
      showSuccess('profile.updated');
    });
    await act(() => router.navigate('/b'));
    await vi.dynamicImportSettled();
    expect(errorDisplayStore.get().blocking).toEqual([]);
    expect(toastKinds()).toEqual(['success']);
  });

  it('keeps the errors across a redirect the error itself caused, and on a hash change', async () => {
    const router = setup();
    act(() => reportError(errorBody('error.unknown')));
    await act(() => router.navigate('/b', { state: { keepErrors: true } }));
    await act(() => router.navigate('/b#password'));
    await vi.dynamicImportSettled();
    expect(toastKinds()).toEqual(['error']);
  });
});
