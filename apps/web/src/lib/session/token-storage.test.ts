import type { AccessToken } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../storage-keys';
import { readToken, toStoredToken, writeToken } from './token-storage';

describe('the stored token', () => {
  it('gets expires_at = now + expires_in seconds, and keeps nothing else of the answer', () => {
    const answer: AccessToken = {
      access_token: 'a',
      token_type: 'bearer',
      expires_in: 86_400,
      scope: 'read write',
    };
    const token = toStoredToken(answer, 1000);
    expect(token).toEqual({ access_token: 'a', expires_in: 86_400, expires_at: 1000 + 86_400_000 });
  });

  it('is read back until it expires; garbage counts as none', () => {
    writeToken({ access_token: 'a', expires_in: 10, expires_at: 5000 });
    expect(readToken(4999)?.access_token).toBe('a');
    expect(readToken(5000)).toBeNull();
    localStorage.setItem(storageKeys.token, '{not json');
    expect(readToken(0)).toBeNull();
  });
});
