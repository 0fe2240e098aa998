import type { Program } from '@portal/contract';
import { createStore, useStore } from '../create-store';
import { storageKeys } from '../storage-keys';
import { readToken, removeToken, type StoredToken, writeToken } from './token-storage';

/**
 * The session: the token (mirrored in local storage) and the program chosen for the early-payment flow.
 * The chosen company is the server's default company (companies/default) and lives in the query cache.
 */
export type SessionState = { token: StoredToken | null; program: Program | null };

export const sessionStore = createStore<SessionState>({ token: readToken(), program: null });

export function setToken(token: StoredToken): void {
  writeToken(token);
  sessionStore.set((state) => ({ ...state, token }));
}

export function clearToken(): void {
  removeToken();
  sessionStore.set((state) => (state.token ? { ...state, token: null } : state));
}

export function setProgram(program: Program | null): void {
  sessionStore.set((state) => ({ ...state, program }));
}

/** Everything a logout resets on the client side (the query cache is cleared by the caller). */
export function resetSession(): void {
  removeToken();
  localStorage.removeItem(storageKeys.dismissedNotifications);
  sessionStore.set({ token: null, program: null });
}

/** The bearer token for the next request; re-reads storage so an expired token is never sent. */
export function currentAccessToken(): string | null {
  const token = sessionStore.get().token;
  if (!token) return null;
  if (token.expires_at <= Date.now()) {
    clearToken();
    return null;
  }
  return token.access_token;
}

export function useHasToken(): boolean {
  return useStore(sessionStore, (state) => state.token !== null);
}

export function useChosenProgram(): Program | null {
  return useStore(sessionStore, (state) => state.program);
}
