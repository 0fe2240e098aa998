import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import example from '../test/fixtures/import-example.json' with { type: 'json' };
import {
  emailCheckSchema,
  passwordChangeSchema,
  passwordResetSchema,
  personCreationSchema,
  tokenRequestSchema,
} from './calls';
import { importFileSchema } from './import-file';
import { isValidationMessageKey, validationMessageKeys } from './validation-messages';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Paths of every primitive leaf of a JSON value. */
function leaves(value: Json, path: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [path];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return entries.flatMap(([key, child]) => leaves(child, [...path, key]));
}

function withLeaf(value: Json, path: (string | number)[], leaf: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1);
  if (last !== undefined) node[last] = leaf;
  return copy;
}

/** Every message of every issue when each leaf in turn is replaced by each spoiler. */
function messagesOfSpoiledLeaves(schema: z.ZodType, valid: Json): string[] {
  const messages = new Set<string>();
  for (const path of leaves(valid)) {
    for (const spoiler of [{ wrong: true }, 'x'.repeat(300), -1.005, undefined]) {
      const result = schema.safeParse(withLeaf(valid, path, spoiler));
      for (const issue of result.error?.issues ?? []) messages.add(issue.message);
    }
  }
  return [...messages];
}

describe('validation messages', () => {
  it('are unique catalogue keys', () => {
    expect(new Set(validationMessageKeys).size).toBe(validationMessageKeys.length);
    for (const key of validationMessageKeys) expect(key).toMatch(/^validation(\.[a-z][A-Za-z]*)+$/);
  });

  it.each<[string, z.ZodType, Json]>([
    ['the import file', importFileSchema, example as Json],
    [
      'the token request',
      tokenRequestSchema,
      { username: 'a@b.co', password: 'x', grant_type: 'password', client_id: 'c', client_secret: 's' },
    ],
    ['the password reset', passwordResetSchema, { key: 'k', password: 'abcd', confirm: 'abcd' }],
    [
      'the password change',
      passwordChangeSchema,
      { currentPassword: 'a', newPassword: 'abcd', newPasswordConfirm: 'abcd' },
    ],
    ['the email check', emailCheckSchema, { email: 'a@b.co', token: 't' }],
    [
      'the person creation',
      personCreationSchema,
      { personName: 'Ana', email: 'a@b.co', password: 'abcd', confirm: 'abcd', acceptedTerms: true },
    ],
  ])('are the only messages %s produces, whatever field is wrong', (_name, schema, valid) => {
    const messages = messagesOfSpoiledLeaves(schema, valid);
    expect(messages.length).toBeGreaterThan(1);
    expect(messages.filter((message) => !isValidationMessageKey(message))).toEqual([]);
  });
});
