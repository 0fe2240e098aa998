import type { AccessToken } from '@portal/contract';
import { storageKeys } from '../storage-keys';

/** The stored token: the token call's answer plus `expires_at` (epoch ms), computed when it arrived. */
export type StoredToken = { access_token: string; expires_in: number; expires_at: number };

/** What the app keeps of the token call's answer (also how the bench and the browser tests seed a session). */
export function toStoredToken(
  token: Pick<AccessToken, 'access_token' | 'expires_in'>,
  now: number = Date.now(),
): StoredToken {
  return {
    access_token: token.access_token,
    expires_in: token.expires_in,
    expires_at: now + token.expires_in * 1000,
  };
}

function isStoredToken(value: unknown): value is StoredToken {
  if (typeof value !== 'object' || value === null) return false;
  const token = value as Record<string, unknown>;
  return (
    typeof token.access_token === 'string' &&
    typeof token.expires_in === 'number' &&
    typeof token.expires_at === 'number'
  );
}

/** The token when one is stored and not expired; a malformed or expired entry counts as none. */
export function readToken(now: number = Date.now()): StoredToken | null {
  try {
    const raw = localStorage.getItem(storageKeys.token);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isStoredToken(parsed) && parsed.expires_at > now ? parsed : null;
  } catch {
    // Storage can be disabled (private modes) or hold garbage: both mean "not logged in".
    return null;
  }
}

export function writeToken(token: StoredToken): void {
  localStorage.setItem(storageKeys.token, JSON.stringify(token));
}

export function removeToken(): void {
  localStorage.removeItem(storageKeys.token);
}
