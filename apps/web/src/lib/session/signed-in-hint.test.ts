import { describe, expect, it } from 'vitest';
import { hasSignedInHint } from './signed-in-hint';

describe('the signed-in hint cookie', () => {
  it('says a session exists only for the API’s hint, prefixed or not, set to 1', () => {
    expect(hasSignedInHint('__Host-portal_signed_in=1')).toBe(true);
    expect(hasSignedInHint('other=2; portal_signed_in=1')).toBe(true);
    expect(hasSignedInHint('')).toBe(false);
    expect(hasSignedInHint('__Host-portal_signed_in=')).toBe(false);
    expect(hasSignedInHint('x__Host-portal_signed_in=1')).toBe(false);
    // The session itself is HttpOnly: a page never sees it, and it would not count.
    expect(hasSignedInHint('__Host-portal_session=abc')).toBe(false);
  });
});
