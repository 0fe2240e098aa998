/**
 * Navigation state of a request's detail page, set by the history's links: the history's query string
 * (`?providerId&programId&page`), so the way back returns to the page the user came from. A direct visit has
 * none.
 */
export type RequestLinkState = { historySearch?: string };

/** The history's query string from the navigation state, if it is one. */
export function historySearchOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const search = (state as RequestLinkState).historySearch;
  return typeof search === 'string' && search.startsWith('?') ? search : undefined;
}
