import { describe, expect, it } from 'vitest';
import { pageStateOf, readDrawnLogin, refusalMessageKey } from './drawn-login';

describe('the state a login drawn by the server carries for the app (features/login/drawn-login.ts)', () => {
  it('survives a script element whatever was typed, and reads back as it was', () => {
    const answer = { email: '</script><script>alert(1)</script><!--', refusal: 'error.invalidpassword' };
    const state = pageStateOf(answer);
    expect(state).not.toContain('<');
    document.body.innerHTML = `<script type="application/json" id="page-state">${state}</script>`;
    expect(document.scripts).toHaveLength(1);
    expect(readDrawnLogin(document)).toEqual(answer);
  });

  it('reads nothing from a page without state, or with state of another shape', () => {
    document.body.innerHTML = '';
    expect(readDrawnLogin(document)).toBeNull();
    document.body.innerHTML =
      '<script type="application/json" id="page-state">{"login":{"email":1}}</script>';
    expect(readDrawnLogin(document)).toBeNull();
    document.body.innerHTML = '<script type="application/json" id="page-state">{nope</script>';
    expect(readDrawnLogin(document)).toBeNull();
  });

  it('shows a code the catalogue does not know as error.unknown', () => {
    expect(refusalMessageKey('error.user.tooManyAttempts')).toBe('error.user.tooManyAttempts');
    expect(refusalMessageKey('error.from.a.newer.server')).toBe('error.unknown');
  });
});
