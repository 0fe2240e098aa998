// @vitest-environment node
import {
  loginFormSchema,
  passwordChangeFormSchema,
  passwordResetRequestJsonSchema,
  passwordResetSchema,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';

/** The message keys a schema reports, by field path: what the forms translate and show. */
function keysOf(
  schema: {
    safeParse: (value: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
) {
  const issues = schema.safeParse(value).error?.issues ?? [];
  return Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const long = (length: number) => 'a'.repeat(length);

describe('form validation (docs/product screens), with catalogue keys', () => {
  it('login email: required, pattern, at most 100', () => {
    expect(keysOf(loginFormSchema, { email: '', password: 'abcd' })).toEqual({
      email: 'validation.email.required',
    });
    expect(keysOf(loginFormSchema, { email: 'ana@', password: 'abcd' })).toEqual({
      email: 'validation.email.invalid',
    });
    expect(keysOf(loginFormSchema, { email: `${long(95)}@x.com`, password: 'abcd' })).toEqual({
      email: 'validation.email.max',
    });
    expect(keysOf(loginFormSchema, { email: 'ana@demo.test', password: 'abcd' })).toEqual({});
  });

  it('login password: required, 4 to 100', () => {
    const email = 'ana@demo.test';
    expect(keysOf(loginFormSchema, { email, password: '' })).toEqual({
      password: 'validation.password.required',
    });
    expect(keysOf(loginFormSchema, { email, password: 'abc' })).toEqual({
      password: 'validation.password.min',
    });
    expect(keysOf(loginFormSchema, { email, password: long(101) })).toEqual({
      password: 'validation.password.max',
    });
    expect(keysOf(loginFormSchema, { email, password: long(100) })).toEqual({});
  });

  it('forgot password uses the email rules', () => {
    expect(keysOf(passwordResetRequestJsonSchema, { email: '' })).toEqual({
      email: 'validation.email.required',
    });
    expect(keysOf(passwordResetRequestJsonSchema, { email: 'x' })).toEqual({
      email: 'validation.email.invalid',
    });
  });

  it('reset: new password and confirmation 4 to 100, identical', () => {
    expect(keysOf(passwordResetSchema, { key: 'k', password: '', confirm: '' })).toEqual({
      password: 'validation.password.required',
      confirm: 'validation.confirm.required',
    });
    expect(keysOf(passwordResetSchema, { key: 'k', password: 'abc', confirm: long(101) })).toEqual({
      password: 'validation.password.min',
      confirm: 'validation.confirm.max',
    });
    expect(keysOf(passwordResetSchema, { key: 'k', password: 'abcd', confirm: 'abce' })).toEqual({
      confirm: 'validation.confirm.mismatch',
    });
  });

  it('profile: current password required; new and confirmation as the reset', () => {
    expect(
      keysOf(passwordChangeFormSchema, {
        currentPassword: '',
        newPassword: 'abcd',
        newPasswordConfirm: 'abcd',
      }),
    ).toEqual({
      currentPassword: 'validation.currentPassword.required',
    });
    expect(
      keysOf(passwordChangeFormSchema, {
        currentPassword: 'x',
        newPassword: 'abcd',
        newPasswordConfirm: 'abcf',
      }),
    ).toEqual({
      newPasswordConfirm: 'validation.confirm.mismatch',
    });
  });
});
