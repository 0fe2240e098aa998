import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { type DisplayMode, isApiError } from '../errors/app-error';
import { reportError } from '../errors/error-display-store';
import { normalizeError } from '../errors/normalize-error';
import { clearSession } from '../session/session-store';

declare module '@tanstack/react-query' {
  interface Register {
    /** `display` overrides the error's display mode for one operation (e.g. IGNORED for logout). */
    queryMeta: { display?: DisplayMode };
    mutationMeta: { display?: DisplayMode };
  }
}

/** Every failed operation reaches the error display here, once, whatever screen started it. */
export function reportOperationError(error: unknown, meta?: { display?: DisplayMode }): void {
  if (isApiError(error)) {
    reportError(error.detail, meta?.display);
    // After the report: the blocking error is on screen before the session guard sees the session go.
    if (error.endsSession) clearSession();
    return;
  }
  if (error instanceof DOMException && error.name === 'AbortError') return;
  // A bug in a fetcher or a parser: still tell the user something went wrong.
  reportError(normalizeError(null).error, meta?.display);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportOperationError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => reportOperationError(error, mutation.meta),
    }),
    defaultOptions: {
      // Retrying would repeat a toast the user already saw; screens offer "try again" instead.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
