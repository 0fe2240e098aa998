import { createContext, type ReactNode, use } from 'react';
import { useSessionQueries } from './use-session-queries';

type SessionQueries = ReturnType<typeof useSessionQueries>;

const SessionQueriesContext = createContext<SessionQueries | null>(null);

/**
 * The session's account and terms queries for the provider pages, started by the shell on the first render
 * rather than by the provider layout once its code has arrived: the two calls go out beside the layout's
 * chunk, not after it (about 50 ms sooner on loopback, a full round trip on a slow network).
 */
export function SessionQueriesProvider({ children }: { children: ReactNode }) {
  const session = useSessionQueries();
  return <SessionQueriesContext value={session}>{children}</SessionQueriesContext>;
}

/** The session queries SessionQueriesProvider started. */
export function useProvidedSessionQueries(): SessionQueries {
  const session = use(SessionQueriesContext);
  if (!session) throw new Error('useProvidedSessionQueries needs a SessionQueriesProvider above it');
  return session;
}
