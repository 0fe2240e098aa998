import {
  errorBody,
  getAccountCall,
  issueTokenCall,
  logoutCall,
  requestPasswordResetCall,
} from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors/app-error';
import { errorDisplayStore } from '../errors/error-display-store';
import { sessionStore, setToken } from '../session/session-store';
import { callApi, timeouts } from './api-client';
import { reportOperationError } from './query-client';

const account = {
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

function answer(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('callApi', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    sessionStore.set({ token: null, program: null });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('sends JSON with the bearer token and parses the answer with the contract', async () => {
    setToken({ access_token: 'tok', expires_in: 60, expires_at: Date.now() + 60_000 });
    fetchMock.mockResolvedValue(answer(200, account));
    await expect(callApi(getAccountCall)).resolves.toEqual(account);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/webapp/account');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer tok');
    expect(headers.get('accept')).toBe('application/json');
  });

  it('sends no bearer when the stored token has expired', async () => {
    sessionStore.set({
      token: { access_token: 'old', expires_in: 60, expires_at: Date.now() - 1 },
      program: null,
    });
    fetchMock.mockResolvedValue(answer(200, account));
    await callApi(getAccountCall);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('authorization')).toBe(false);
  });

  it('form-encodes the token call and sends the reset email as plain text', async () => {
    fetchMock.mockResolvedValue(
      answer(200, { access_token: 'a', token_type: 'bearer', expires_in: 60, scope: 'read write' }),
    );
    await callApi(issueTokenCall, {
      body: { username: 'a@b.c', password: 'x', grant_type: 'password', client_id: 'c', client_secret: 's' },
    });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(String(init?.body)).toContain('grant_type=password');

    fetchMock.mockResolvedValue(answer(200));
    await callApi(requestPasswordResetCall, { body: 'ana@demo.test' });
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe('ana@demo.test');
  });

  it('uses the 60 s timeout and reports a timeout as error.unknown', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    fetchMock.mockRejectedValue(new DOMException('timed out', 'TimeoutError'));
    const failure = await callApi(logoutCall).catch((error: unknown) => error);
    expect(timeout).toHaveBeenCalledWith(timeouts.default);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).detail.code).toBe('error.unknown');
    expect(timeouts).toEqual({ default: 60_000, upload: 120_000 });
  });

  it('marks an unrecognised 401 as ending the session; reporting it clears the token', async () => {
    setToken({ access_token: 'tok', expires_in: 60, expires_at: Date.now() + 60_000 });
    fetchMock.mockResolvedValue(answer(401, errorBody('error.token.invalid')));
    const failure = (await callApi(getAccountCall).catch((error: unknown) => error)) as ApiError;
    expect(failure.detail.code).toBe('error.http.unauthorized');
    expect(failure.endsSession).toBe(true);
    expect(sessionStore.get().token).not.toBeNull();
    reportOperationError(failure);
    expect(errorDisplayStore.get().blocking.map((shown) => shown.messageKey)).toEqual([
      'error.http.unauthorized',
    ]);
    expect(sessionStore.get().token).toBeNull();
  });

  it('rethrows a cancellation by the caller instead of reporting it', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(() => {
      controller.abort();
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    });
    await expect(callApi(getAccountCall, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('treats an answer that breaks the contract as error.unknown', async () => {
    fetchMock.mockResolvedValue(answer(200, { login: 42 }));
    await expect(callApi(getAccountCall)).rejects.toMatchObject({ detail: { code: 'error.unknown' } });
  });
});
