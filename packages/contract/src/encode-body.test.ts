import { describe, expect, it } from 'vitest';
import { changePasswordCall, issueTokenCall, requestPasswordResetCall } from './calls';
import { encodeCallBody } from './encode-body';

describe('encodeCallBody', () => {
  it('sends the token call a form, without the fields left out', () => {
    expect(
      encodeCallBody(issueTokenCall, { grant_type: 'password', username: 'ana@x.test', password: undefined }),
    ).toEqual({
      body: 'grant_type=password&username=ana%40x.test',
      contentType: 'application/x-www-form-urlencoded',
    });
  });

  it('sends a string as plain text to a call that consumes it first', () => {
    expect(encodeCallBody(requestPasswordResetCall, 'ana@x.test')).toEqual({
      body: 'ana@x.test',
      contentType: 'text/plain;charset=UTF-8',
    });
  });

  it('sends JSON otherwise, and nothing without a body', () => {
    expect(encodeCallBody(changePasswordCall, { a: [1] })).toEqual({
      body: '{"a":[1]}',
      contentType: 'application/json',
    });
    expect(encodeCallBody(changePasswordCall, undefined)).toEqual({});
  });
});
