/**
 * Local-storage keys of the web app (docs/product/screens-and-routes.md#client-state): the dismissed
 * notifications and the chosen language, nothing else (the session is an HttpOnly cookie). Plain constants with no imports, so the browser tests
 * can seed a session with them.
 */
export const storageKeys = {
  dismissedNotifications: 'portal.dismissed-notifications',
  locale: 'portal.locale',
} as const;
