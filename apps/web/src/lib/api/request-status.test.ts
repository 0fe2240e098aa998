// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { requestStatusOf } from './request-status';

describe('request status (docs/product screens) from TanStack Query state', () => {
  it('maps a query', () => {
    expect(requestStatusOf({ status: 'pending', fetchStatus: 'idle' })).toBe('NOOP');
    expect(requestStatusOf({ status: 'pending', fetchStatus: 'fetching' })).toBe('ON_GOING');
    expect(requestStatusOf({ status: 'success', fetchStatus: 'fetching' })).toBe('ON_GOING');
    expect(requestStatusOf({ status: 'success', fetchStatus: 'idle' })).toBe('SUCCESS');
    expect(requestStatusOf({ status: 'error', fetchStatus: 'idle' })).toBe('ERROR');
  });

  it('maps a mutation', () => {
    expect(requestStatusOf({ status: 'idle' })).toBe('NOOP');
    expect(requestStatusOf({ status: 'pending' })).toBe('ON_GOING');
    expect(requestStatusOf({ status: 'success' })).toBe('SUCCESS');
    expect(requestStatusOf({ status: 'error' })).toBe('ERROR');
  });
});
