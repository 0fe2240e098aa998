import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodCheckedSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Stringify = (data: unknown) => string;

/**
 * How every answer becomes JSON: Fastify's own way, fast-json-stringify compiled from the JSON Schema of the
 * call's response schema (the contract's zod schema, as its OpenAPI document shows it). It writes only the
 * properties the contract declares, in its order, so a handler's extra field never reaches the client. It costs
 * a fifth of zod's encode-then-stringify on a credits page (docs/decisions/api-speed.md#answer-serializer).
 *
 * With `checkAnswers` (development and every test run: config.ts), each answer is first checked against the
 * zod schema as before, a mismatch being a 500 (ResponseSerializationError); the bytes are then fast-json-
 * stringify's, so the tests see what production sends. A schema JSON Schema cannot express (a call with no
 * body) keeps zod's serializer. Each schema's function is compiled on its first answer (up to 18 ms for a
 * credits page, which the start's warm-up pays: modules/credits/warm-up.ts), so a start does not pay for every
 * route of the contract.
 */
export function answerSerializerCompiler({
  checkAnswers,
}: {
  checkAnswers: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const checked = zodCheckedSerializer(route as never) as Stringify;
    const compiled = (): Stringify => answerStringify(route.schema) ?? checked;
    if (!checkAnswers) return (data) => compiled()(data);
    return (data) => {
      const zodBytes = checked(data); // throws on an answer outside the contract
      const fast = compiled();
      return fast === checked ? zodBytes : fast(data);
    };
  };
}

const compiledAnswers = new WeakMap<object, Stringify | null>();

/**
 * The schema's answer function, compiled on its first use and kept for the process (every app built in it);
 * undefined where JSON Schema cannot express the schema.
 */
export function answerStringify(schema: z.ZodType): Stringify | undefined {
  let stringify = compiledAnswers.get(schema);
  if (stringify === undefined) {
    stringify = compileStringify(schema) ?? null;
    compiledAnswers.set(schema, stringify);
  }
  return stringify ?? undefined;
}

/** fast-json-stringify for the schema's JSON Schema; undefined where JSON Schema cannot express it. */
export function compileStringify(schema: z.ZodType): Stringify | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw' });
    return fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]);
  } catch {
    return undefined;
  }
}
