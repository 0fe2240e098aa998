import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AuthLevel, Call } from '../define-call';
import { calls, personCreationSchema } from './index';

const entries = Object.entries(calls) as [string, Call][];

/** `/a/:id/b` and `/a/{creditId}/b` both read `/a/{}/b`: the docs name parameters for people. */
const genericPath = (path: string) => path.replace(/:\w+|\{\w+\}/g, '{}');

/** Each row of the calls table: `| \`METHOD /path?query\` | authority | …` → route → authority. */
function documentedCalls(): Map<string, AuthLevel> {
  const table = readFileSync(new URL('../../../../docs/product/calls.md', import.meta.url), 'utf8');
  const rows = table.matchAll(/^\| `(GET|POST|PUT|DELETE|PATCH) (\/[^`?]+)[^`]*` \| (\w+) \|/gm);
  return new Map(
    [...rows].map(([, method, path = '', auth]) => [`${method} ${genericPath(path)}`, auth as AuthLevel]),
  );
}

/** Zod types `z.encode` cannot run backwards (or would run differently from parsing). */
const oneWay = new Set(['transform', 'default', 'prefault', 'pipe', 'catch']);

function oneWayPaths(schema: z.core.$ZodType, path = '$'): string[] {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const found = oneWay.has(def.type) ? [`${path} (${def.type})`] : [];
  const children: [string, unknown][] = [];
  if (def.type === 'object') children.push(...Object.entries(def.shape as Record<string, unknown>));
  if (def.type === 'array') children.push(['[]', def.element]);
  if (def.type === 'union')
    children.push(...(def.options as unknown[]).map((o, i) => [`|${i}`, o] as [string, unknown]));
  if (def.type === 'record') children.push(['{}', def.valueType]);
  if ('innerType' in def) children.push(['?', def.innerType]);
  for (const [key, child] of children) found.push(...oneWayPaths(child as z.core.$ZodType, `${path}.${key}`));
  return found;
}

describe('the set of calls', () => {
  it('has each method and path once, all under /api', () => {
    const routes = entries.map(([, call]) => `${call.method} ${call.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    for (const [, call] of entries) expect(call.path).toMatch(/^\/api\/[A-Za-z0-9_/:.-]+$/);
  });

  it('declares exactly the path params its path names', () => {
    for (const [name, call] of entries) {
      const inPath = [...call.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort();
      const declared = call.params instanceof z.ZodObject ? Object.keys(call.params.shape).sort() : [];
      expect(declared, name).toEqual(inPath);
    }
  });

  it('coerces every path param from the string the router hands over', () => {
    for (const [name, call] of entries) {
      if (!(call.params instanceof z.ZodObject)) continue;
      const sample = Object.fromEntries(Object.keys(call.params.shape).map((key) => [key, '12']));
      expect(call.params.safeParse(sample).success, name).toBe(true);
    }
  });

  it('keeps response schemas encodable: no transform, default or coercion', () => {
    // The walker sees them where they are meant to be (request bodies).
    expect(oneWayPaths(personCreationSchema)).toEqual(['$.whatsAppStatus (default)']);
    for (const [name, call] of entries) expect(oneWayPaths(call.response), name).toEqual([]);
  });

  it('turns every part into JSON Schema for OpenAPI 3.0 and 3.1', () => {
    for (const [name, call] of entries) {
      for (const target of ['openapi-3.0', 'draft-2020-12'] as const) {
        const options = { target, unrepresentable: 'any', cycles: 'ref', reused: 'inline' } as const;
        for (const part of [call.params, call.querystring, call.headers, call.body]) {
          if (part) expect(() => z.toJSONSchema(part, { ...options, io: 'input' }), name).not.toThrow();
        }
        expect(() => z.toJSONSchema(call.response, { ...options, io: 'output' }), name).not.toThrow();
      }
    }
  });

  it('matches the table of docs/product/calls.md: every call, with its authority', () => {
    const documented = documentedCalls();
    const inContract = entries.map(([name, call]) => ({
      route: `${call.method} ${genericPath(call.path)}`,
      auth: call.auth,
      name,
    }));
    expect(inContract.map((c) => c.route).sort()).toEqual([...documented.keys()].sort());
    for (const { route, auth, name } of inContract) expect(auth, name).toBe(documented.get(route));
  });
});
