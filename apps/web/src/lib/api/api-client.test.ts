import {
  type Account,
  getAccountCall,
  issueTokenCall,
  logoutCall,
  requestPasswordResetCall,
} from '@portal/contract';
import { delay, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, refuse, sentRequests } from '../../../test/msw';
import { ApiError } from '../errors/app-error';
import { errorDisplayStore } from '../errors/error-display-store';
import { markSignedIn, sessionStore } from '../session/session-store';
import { callApi, timeouts } from './api-client';
import { reportOperationError } from './query-client';

const account: Account = {
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

describe('callApi', () => {
  beforeEach(() => {
    sessionStore.set({ signedIn: false, program: null });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sends the app’s request header, never a bearer token, and parses the answer with the contract', async () => {
    markSignedIn();
    answer(getAccountCall, account);
    await expect(callApi(getAccountCall)).resolves.toEqual(account);
    const [request] = sentRequests();
    expect(request?.path).toBe('/api/webapp/account');
    expect(request?.headers.get('x-requested-with')).toBe('portal-web');
    expect(request?.headers.has('authorization')).toBe(false);
    expect(request?.headers.get('accept')).toBe('application/json');
  });

  it('form-encodes the token call and sends the reset email as plain text', async () => {
    answer(issueTokenCall, { access_token: 'a', token_type: 'bearer', expires_in: 60, scope: 'read write' });
    answer(requestPasswordResetCall, undefined);
    await callApi(issueTokenCall, {
      body: { username: 'a@b.c', password: 'x', grant_type: 'password', client_id: 'c', client_secret: 's' },
    });
    const [token] = sentRequests(issueTokenCall);
    expect(token?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(token?.text).toContain('grant_type=password');

    await callApi(requestPasswordResetCall, { body: 'ana@demo.test' });
    expect(sentRequests(requestPasswordResetCall)[0]?.text).toBe('ana@demo.test');
  });

  it('uses the 60 s timeout and reports a timeout as error.unknown', async () => {
    // The server never answers; the 60 s signal is made to fire after 10 ms.
    const fire = AbortSignal.timeout.bind(AbortSignal);
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => fire(10));
    answer(logoutCall, async () => {
      await delay('infinite');
      return undefined;
    });
    const failure = await callApi(logoutCall).catch((error: unknown) => error);
    expect(timeout).toHaveBeenCalledWith(timeouts.default);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).detail.code).toBe('error.unknown');
    expect(timeouts).toEqual({ default: 60_000, upload: 120_000 });
  });

  it('reports a network failure as error.unknown', async () => {
    answer(getAccountCall, () => HttpResponse.error());
    await expect(callApi(getAccountCall)).rejects.toMatchObject({ detail: { code: 'error.unknown' } });
  });

  it('marks an unrecognised 401 as ending the session; reporting it forgets the session', async () => {
    markSignedIn();
    refuse(getAccountCall, 'error.token.invalid');
    const failure = (await callApi(getAccountCall).catch((error: unknown) => error)) as ApiError;
    expect(failure.detail.code).toBe('error.http.unauthorized');
    expect(failure.endsSession).toBe(true);
    expect(sessionStore.get().signedIn).toBe(true);
    reportOperationError(failure);
    expect(errorDisplayStore.get().blocking.map((shown) => shown.messageKey)).toEqual([
      'error.http.unauthorized',
    ]);
    expect(sessionStore.get().signedIn).toBe(false);
  });

  it('rethrows a cancellation by the caller instead of reporting it', async () => {
    const controller = new AbortController();
    answer(getAccountCall, async () => {
      controller.abort();
      await delay('infinite');
      return account;
    });
    await expect(callApi(getAccountCall, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('treats an answer that breaks the contract as error.unknown', async () => {
    answer(getAccountCall, () => HttpResponse.json({ login: 42 }));
    await expect(callApi(getAccountCall)).rejects.toMatchObject({ detail: { code: 'error.unknown' } });
  });
});
