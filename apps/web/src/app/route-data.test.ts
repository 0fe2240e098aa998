import type { Account, Company } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/api/query-client';
import { sessionStore } from '../lib/session/session-store';
import { prefetchProviderSession, providerCompany } from './route-data';

const provider: Account = {
  login: 'ana@demo.test',
  email: 'ana@demo.test',
  firstName: 'Ana',
  activated: true,
  authorities: ['ROLE_PROVIDER'],
  langKey: 'pt-BR',
  twoFactorEnabled: false,
  twoFactorRequired: false,
  pinSet: false,
};
const company: Company = {
  id: 1,
  name: 'Alfa Componentes Ltda',
  type: 'CORPORATION',
  identification: '21534876000198',
  canAnticipate: true,
  value: 10,
};

const location = () => ({ pathname: '/dashboard', search: '', hash: '', state: null, key: 'k' }) as const;

describe('the provider layout’s prefetch', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let answers: Record<string, unknown>;
  /** The paths asked for, in order (the query string dropped). */
  const asked = () => fetchMock.mock.calls.map(([url]) => String(url).split('?')[0]);

  beforeEach(() => {
    answers = {
      '/api/webapp/account': provider,
      '/api/webapp/accepted-terms': { acceptedTerms: true },
      '/api/webapp/companies/default': company,
    };
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (url) => {
      const body = answers[String(url).split('?')[0] ?? ''];
      return new Response(JSON.stringify(body ?? {}), {
        status: body === undefined ? 404 : 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    sessionStore.set({
      token: { access_token: 'token', expires_in: 3600, expires_at: Date.now() + 3_600_000 },
      program: null,
    });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    sessionStore.set({ token: null, program: null });
  });

  it('asks for nothing without a token', async () => {
    sessionStore.set({ token: null, program: null });
    await expect(providerCompany(createQueryClient())).resolves.toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the company only once account and terms say the session can have one, and once', async () => {
    const queryClient = createQueryClient();
    prefetchProviderSession({ queryClient, location: location() });
    prefetchProviderSession({ queryClient, location: location() });
    await expect(providerCompany(queryClient)).resolves.toEqual(company);
    expect(asked()).toEqual([
      '/api/webapp/account',
      '/api/webapp/accepted-terms',
      '/api/webapp/companies/default',
    ]);
  });

  it('asks a user who must enrol a second factor for the account and the terms only (the API refuses the rest)', async () => {
    answers['/api/webapp/account'] = { ...provider, twoFactorRequired: true };
    await expect(providerCompany(createQueryClient())).resolves.toBeUndefined();
    expect(asked().sort()).toEqual(['/api/webapp/accepted-terms', '/api/webapp/account']);
    // Once enrolled, the session goes on as any other.
    answers['/api/webapp/account'] = { ...provider, twoFactorRequired: true, twoFactorEnabled: true };
    fetchMock.mockClear();
    await expect(providerCompany(createQueryClient())).resolves.toEqual(company);
    expect(asked()).toEqual(expect.arrayContaining(['/api/webapp/account', '/api/webapp/accepted-terms']));
    expect(asked().at(-1)).toBe('/api/webapp/companies/default');
  });

  it.each([
    ['a user without ROLE_PROVIDER', { ...provider, authorities: ['ROLE_API'] }, true],
    ['a provider not activated', { ...provider, activated: false }, true],
    ['a provider who has not accepted the terms', provider, false],
  ])('never asks for the company of %s (no 403 nobody caused)', async (_who, account, acceptedTerms) => {
    answers['/api/webapp/account'] = account;
    answers['/api/webapp/accepted-terms'] = { acceptedTerms };
    await expect(providerCompany(createQueryClient())).resolves.toBeUndefined();
    expect(asked()).not.toContain('/api/webapp/companies/default');
  });
});
