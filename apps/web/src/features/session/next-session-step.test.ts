// @vitest-environment node
import type { Account } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { nextSessionStep } from './next-session-step';

const account = (authorities: Account['authorities']): Account => ({
  login: 'a@b.c',
  email: 'a@b.c',
  firstName: 'A',
  activated: true,
  authorities,
  langKey: 'pt-BR',
});

describe('where a session goes (docs/product screens)', () => {
  it('waits for the account, sends non-providers to /giro-api at once', () => {
    expect(nextSessionStep(undefined, { acceptedTerms: true })).toBe('wait');
    expect(nextSessionStep(account(['ROLE_USER']), undefined)).toBe('giroApi');
  });

  it('sends providers to the terms or the dashboard once the terms are known', () => {
    const provider = account(['ROLE_USER', 'ROLE_PROVIDER']);
    expect(nextSessionStep(provider, undefined)).toBe('wait');
    expect(nextSessionStep(provider, { acceptedTerms: false })).toBe('acceptTerms');
    expect(nextSessionStep(provider, { acceptedTerms: true })).toBe('dashboard');
  });
});
