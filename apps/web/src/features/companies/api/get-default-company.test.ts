import type { Company } from '@portal/contract';
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/api/query-client';
import { sessionStore } from '../../../lib/session/session-store';
import { defaultCompanyQueryOptions, startDefaultCompanyEarly } from './get-default-company';

const company: Company = {
  id: 1,
  name: 'Alfa Componentes Ltda',
  type: 'CORPORATION',
  identification: '21534876000198',
  canAnticipate: true,
  value: 10,
};

describe('startDefaultCompanyEarly', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let token = 0;
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async () => new Response(JSON.stringify(company), { status: 200 }));
    // A new token per test: a head start belongs to its token, so no test takes another one's.
    token += 1;
    sessionStore.set({
      token: { access_token: `token-${token}`, expires_in: 3600, expires_at: Date.now() + 3_600_000 },
      program: null,
    });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    sessionStore.set({ token: null, program: null });
  });

  it('goes out while the layout’s query waits, disabled, for the account; the query then takes it', async () => {
    const client = createQueryClient();
    const layout = new QueryObserver(client, { ...defaultCompanyQueryOptions(), enabled: false });
    const unsubscribe = layout.subscribe(() => undefined);
    startDefaultCompanyEarly(client);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    layout.setOptions({ ...defaultCompanyQueryOptions(), enabled: true });
    await vi.waitFor(() => expect(layout.getCurrentResult().data?.name).toBe(company.name));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('stays home when the layout already asks for the company, or has it', async () => {
    const client = createQueryClient();
    const asking = client.fetchQuery(defaultCompanyQueryOptions());
    startDefaultCompanyEarly(client);
    await asking;
    startDefaultCompanyEarly(client);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
