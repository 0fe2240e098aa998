import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../session/session-store';
import { headStart } from './head-start';

function login(accessToken: string) {
  sessionStore.set({
    token: { access_token: accessToken, expires_in: 3600, expires_at: Date.now() + 3_600_000 },
    program: null,
  });
}

describe('headStart', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    login('token-of-ana');
  });
  afterEach(() => {
    vi.useRealTimers();
    sessionStore.set({ token: null, program: null });
  });

  it('sends once, and the first taker gets that answer; the next one asks itself', async () => {
    const send = vi.fn(async () => 'company');
    const early = headStart(send);
    early.start();
    early.start();
    expect(send).toHaveBeenCalledTimes(1);
    await expect(early.take()).resolves.toBe('company');
    expect(early.take()).toBeUndefined();
  });

  it('sends nothing without a token', () => {
    sessionStore.set({ token: null, program: null });
    const send = vi.fn(async () => 'company');
    const early = headStart(send);
    early.start();
    expect(send).not.toHaveBeenCalled();
    expect(early.take()).toBeUndefined();
  });

  it('never hands one session’s answer to the next one', () => {
    const early = headStart(async () => 'company of ana');
    early.start();
    login('token-of-bruno');
    expect(early.take()).toBeUndefined();
  });

  it('is not taken once older than its limit', () => {
    const early = headStart(async () => 'company', 10_000);
    early.start();
    vi.setSystemTime(Date.now() + 10_001);
    expect(early.take()).toBeUndefined();
  });

  it('keeps a failure quiet until taken, then the taker sees it', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const early = headStart(() => Promise.reject(new Error('403')));
      early.start();
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(early.take()).rejects.toThrow('403');
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
