/**
 * The request status (NOOP, ON_GOING, SUCCESS, ERROR; docs/product/screens-and-routes.md#request-status) read
 * from TanStack Query's state, so screens that speak those words need no second source of truth.
 */
export type RequestStatus = 'NOOP' | 'ON_GOING' | 'SUCCESS' | 'ERROR';

type QueryLike = { status: 'pending' | 'error' | 'success'; fetchStatus: 'fetching' | 'paused' | 'idle' };
type MutationLike = { status: 'idle' | 'pending' | 'error' | 'success' };

export function requestStatusOf(state: QueryLike | MutationLike): RequestStatus {
  if ('fetchStatus' in state) {
    if (state.fetchStatus === 'fetching') return 'ON_GOING';
    if (state.status === 'success') return 'SUCCESS';
    if (state.status === 'error') return 'ERROR';
    // pending and idle: a disabled query that never ran
    return state.fetchStatus === 'paused' ? 'ON_GOING' : 'NOOP';
  }
  if (state.status === 'idle') return 'NOOP';
  if (state.status === 'pending') return 'ON_GOING';
  return state.status === 'success' ? 'SUCCESS' : 'ERROR';
}
