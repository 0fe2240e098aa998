import {
  type Account,
  type Company,
  getAcceptedTermsCall,
  getAccountCall,
  getDefaultCompanyCall,
} from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answer, forgetRequests, sentRequests } from '../../test/msw';
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
  hasBankAccount: true,
  value: 10,
};

const location = () => ({ pathname: '/dashboard', search: '', hash: '', state: null, key: 'k' }) as const;

describe('the provider layout’s prefetch', () => {
  let accountAnswer: Account;
  let acceptedTerms: boolean;
  /** The paths asked for, in order (the query string dropped). */
  const asked = () => sentRequests().map((request) => request.url.pathname);

  beforeEach(() => {
    accountAnswer = provider;
    acceptedTerms = true;
    answer(getAccountCall, () => accountAnswer);
    answer(getAcceptedTermsCall, () => ({ acceptedTerms }));
    answer(getDefaultCompanyCall, company);
    // biome-ignore lint/suspicious/noDocumentCookie: the API sets it in a browser; jsdom needs it written.
    document.cookie = 'portal_signed_in=1; Path=/';
    sessionStore.set({ signedIn: true, program: null });
  });
  afterEach(() => {
    sessionStore.set({ signedIn: false, program: null });
  });

  it('asks for nothing without a session', async () => {
    sessionStore.set({ signedIn: false, program: null });
    await expect(providerCompany(createQueryClient())).resolves.toBeUndefined();
    expect(sentRequests()).toEqual([]);
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
    accountAnswer = { ...provider, twoFactorRequired: true };
    await expect(providerCompany(createQueryClient())).resolves.toBeUndefined();
    expect(asked().sort()).toEqual(['/api/webapp/accepted-terms', '/api/webapp/account']);
    // Once enrolled, the session goes on as any other.
    accountAnswer = { ...provider, twoFactorRequired: true, twoFactorEnabled: true };
    forgetRequests();
    await expect(providerCompany(createQueryClient())).resolves.toEqual(company);
    expect(asked()).toEqual(expect.arrayContaining(['/api/webapp/account', '/api/webapp/accepted-terms']));
    expect(asked().at(-1)).toBe('/api/webapp/companies/default');
  });

  it.each<[string, Account, boolean]>([
    ['a user without ROLE_PROVIDER', { ...provider, authorities: ['ROLE_USER'] }, true],
    ['a provider not activated', { ...provider, activated: false }, true],
    ['a provider who has not accepted the terms', provider, false],
  ])('never asks for the company of %s (no 403 nobody caused)', async (_who, account, accepted) => {
    accountAnswer = account;
    acceptedTerms = accepted;
    await expect(providerCompany(createQueryClient())).resolves.toBeUndefined();
    expect(asked()).not.toContain('/api/webapp/companies/default');
  });
});
