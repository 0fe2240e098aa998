import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, use, useEffect } from 'react';
import { useSessionQueries } from './use-session-queries';

type SessionQueries = ReturnType<typeof useSessionQueries>;

const SessionQueriesContext = createContext<SessionQueries | null>(null);

/**
 * The session's account and terms queries for the provider pages, started by the shell on the first render
 * rather than by the provider layout once its code has arrived: the two calls go out beside the layout's
 * chunk, not after it (about 50 ms sooner on loopback, a full round trip on a slow network). `headStart`
 * sends other calls with them once there is a token: the app passes the default company's, which goes out
 * ahead of knowing whether the user has one (features/companies/api/get-default-company.ts).
 */
export function SessionQueriesProvider({
  children,
  headStart,
}: {
  children: ReactNode;
  headStart?: (queryClient: QueryClient) => void;
}) {
  const session = useSessionQueries();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (session.hasToken) headStart?.(queryClient);
  }, [session.hasToken, queryClient, headStart]);
  return <SessionQueriesContext value={session}>{children}</SessionQueriesContext>;
}

/** The session queries SessionQueriesProvider started. */
export function useProvidedSessionQueries(): SessionQueries {
  const session = use(SessionQueriesContext);
  if (!session) throw new Error('useProvidedSessionQueries needs a SessionQueriesProvider above it');
  return session;
}
