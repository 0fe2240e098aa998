/**
 * Local-storage keys of the web app (docs/product/screens-and-routes.md#client-state: the auth token and the
 * dismissed notifications, plus the chosen language). Plain constants with no imports, so the browser tests
 * can seed a session with them.
 */
export const storageKeys = {
  token: 'portal.auth-token',
  dismissedNotifications: 'portal.dismissed-notifications',
  locale: 'portal.locale',
} as const;
