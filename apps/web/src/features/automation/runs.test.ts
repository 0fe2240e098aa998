// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { reasonKeyOf } from './runs';

describe('the reason of a run', () => {
  it('is its error code, for the catalogue to word', () => {
    expect(reasonKeyOf({ reason: 'error.operation.closed' })).toBe('error.operation.closed');
    expect(reasonKeyOf({ reason: 'error.bankAccount.empty' })).toBe('error.bankAccount.empty');
    expect(reasonKeyOf({ reason: 'error.autoRule.nothingToTake' })).toBe('error.autoRule.nothingToTake');
    expect(reasonKeyOf({ reason: 'error.autoRule.missed' })).toBe('error.autoRule.missed');
  });

  it('is none for a run without one, and the unknown error for a code this build does not know', () => {
    expect(reasonKeyOf({ reason: null })).toBeNull();
    expect(reasonKeyOf({ reason: 'error.fromTheFuture' })).toBe('error.unknown');
  });
});
