// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { choicesOf, eventTypes, hasChanges, preferencesOf } from './email-preferences';

describe('the e-mail choices', () => {
  it('cover every event type of the contract, on unless turned off', () => {
    expect(eventTypes).toHaveLength(8);
    const choices = choicesOf({ email: { BATCH_PAID: false } as never });
    expect(Object.keys(choices)).toEqual([...eventTypes]);
    expect(choices.BATCH_PAID).toBe(false);
    expect(choices.BATCH_REQUESTED).toBe(true);
    expect(choices.CREDITS_ARRIVED).toBe(true);
    expect(choices.CREDITS_WITHDRAWN).toBe(true);
  });

  it('are saved as the whole set, and know when they differ from it', () => {
    const saved = preferencesOf(choicesOf({ email: {} as never }));
    expect(Object.values(saved.email)).toEqual(eventTypes.map(() => true));
    const changed = { ...choicesOf(saved), AUTO_RULE_RAN: false };
    expect(hasChanges(changed, saved)).toBe(true);
    expect(hasChanges(choicesOf(saved), saved)).toBe(false);
    expect(preferencesOf(changed).email).toMatchObject({ AUTO_RULE_RAN: false, BATCH_REQUESTED: true });
    expect(Object.keys(preferencesOf(changed).email)).toHaveLength(8);
  });
});
