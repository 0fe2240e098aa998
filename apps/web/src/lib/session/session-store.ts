import type { Program } from '@portal/contract';
import { createStore, useStore } from '../create-store';
import { storageKeys } from '../storage-keys';
import { forgetSignedInHint, hasSignedInHint } from './signed-in-hint';

/**
 * The session as the page knows it: only whether one exists (docs/product/accounts-and-sessions.md#web-session).
 * The session itself is an HttpOnly cookie the page never sees; the API's readable hint cookie says a session
 * exists when the app starts, so the auto-login screen shows. Beside it, the program chosen for the
 * early-payment flow. The chosen company is the server's default company (companies/default) and lives in the
 * query cache.
 */
export type SessionState = { signedIn: boolean; program: Program | null };

export const sessionStore = createStore<SessionState>({ signedIn: hasSignedInHint(), program: null });

/** After a sign-in: the API has set the session cookie and its hint. */
export function markSignedIn(): void {
  sessionStore.set((state) => (state.signedIn ? state : { ...state, signedIn: true }));
}

/**
 * The session is gone (a 401, a failed account load): the page forgets it. The HttpOnly cookie it cannot
 * touch names a dead session already; the readable hint goes, so a reload shows the login.
 */
export function clearSession(): void {
  forgetSignedInHint();
  sessionStore.set((state) => (state.signedIn ? { ...state, signedIn: false } : state));
}

export function setProgram(program: Program | null): void {
  sessionStore.set((state) => ({ ...state, program }));
}

/** Everything a logout resets on the client side (the query cache is cleared by the caller). */
export function resetSession(): void {
  forgetSignedInHint();
  localStorage.removeItem(storageKeys.dismissedNotifications);
  sessionStore.set({ signedIn: false, program: null });
}

/** Whether a session exists; the hint is read again so one that expired meanwhile counts as none. */
export function hasSession(): boolean {
  if (!sessionStore.get().signedIn) return false;
  if (!hasSignedInHint()) {
    clearSession();
    return false;
  }
  return true;
}

export function useHasSession(): boolean {
  return useStore(sessionStore, (state) => state.signedIn);
}

export function useChosenProgram(): Program | null {
  return useStore(sessionStore, (state) => state.program);
}
