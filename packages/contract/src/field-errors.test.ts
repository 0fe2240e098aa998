import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toFieldErrors } from './field-errors';
import { strictBody } from './primitives';

const fieldErrorsOf = (schema: z.ZodType, value: unknown) =>
  toFieldErrors(schema.safeParse(value).error?.issues ?? []);

describe('toFieldErrors', () => {
  it('names each unknown field', () => {
    expect(fieldErrorsOf(strictBody({ a: z.string() }), { a: 'x', b: 1, c: 2 })).toEqual([
      { field: 'b', message: 'validation.unknownField' },
      { field: 'c', message: 'validation.unknownField' },
    ]);
  });

  it('joins nested paths with dots', () => {
    const schema = z.object({
      rows: z.array(z.object({ id: z.number({ error: 'validation.id.invalid' }) })),
    });
    expect(fieldErrorsOf(schema, { rows: [{ id: 1 }, { id: 'x' }] })).toEqual([
      { field: 'rows.1.id', message: 'validation.id.invalid' },
    ]);
  });

  it('never passes zod English through', () => {
    expect(fieldErrorsOf(z.object({ n: z.number() }), { n: 'x' })).toEqual([
      { field: 'n', message: 'validation.invalid' },
    ]);
  });

  it('reports the closest branch of a union', () => {
    const schema = z.union([
      z.string(),
      z.object({ email: z.string().min(3, { error: 'validation.email.invalid' }) }),
    ]);
    expect(fieldErrorsOf(schema, { email: 'a' })).toEqual([
      { field: 'email', message: 'validation.email.invalid' },
    ]);
    expect(fieldErrorsOf(schema, 12)).toEqual([{ field: '', message: 'validation.invalid' }]);
  });
});
