import { currentAccessToken } from '../session/session-store';

/** How old a head start may be and still answer the query; older, the query asks again. */
const defaultMaxAgeMs = 10_000;

export type HeadStart<T> = {
  /** Sends the request now, unless one for the same token is already under way. */
  start: () => void;
  /** The request started earlier for the current token, at most once and while recent; else undefined. */
  take: () => Promise<T> | undefined;
};

/**
 * A request sent before anything knows it will be wanted, so a query that turns out to want it does not wait
 * a round trip more. Its answer goes to the first query that takes it; a failure is only reported through
 * that query (a head start nobody takes fails quietly). It belongs to the token it was sent with: after a
 * logout and a new login, the new session never reads the old one's answer.
 */
export function headStart<T>(send: () => Promise<T>, maxAgeMs = defaultMaxAgeMs): HeadStart<T> {
  let pending: { token: string; startedAt: number; response: Promise<T> } | undefined;
  const isCurrent = (candidate: typeof pending, token: string | null) =>
    candidate !== undefined && candidate.token === token && Date.now() - candidate.startedAt <= maxAgeMs;
  return {
    start() {
      const token = currentAccessToken();
      if (!token || isCurrent(pending, token)) return;
      const response = send();
      // Quiet until taken: the query that takes it sees the failure.
      response.catch(() => undefined);
      pending = { token, startedAt: Date.now(), response };
    },
    take() {
      const taken = pending;
      pending = undefined;
      return isCurrent(taken, currentAccessToken()) ? taken?.response : undefined;
    },
  };
}
