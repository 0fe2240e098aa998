import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AuthLevel, Call } from '../define-call';
import { calls, personCreationSchema } from './index';

const entries = Object.entries(calls) as [string, Call][];

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
    for (const [, call] of entries) expect(call.path).toMatch(/^\/api\/[A-Za-z0-9_/:-]+$/);
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

  it('requires the authority each call needs (docs/product accounts)', () => {
    const user = [
      'getAccount',
      'changePassword',
      'getAcceptedTerms',
      'acceptTerms',
      'getTermsOfUse',
      'getMyPerson',
    ];
    const open = [
      'issueToken',
      'logout',
      'requestPasswordReset',
      'finishPasswordReset',
      'getResetKeyUser',
      'getInvite',
      'validateInviteEmail',
      'createInvitedPerson',
      'getChat',
      'getOrganizationInfo',
    ];
    const expected = (name: string): AuthLevel =>
      user.includes(name) ? 'user' : open.includes(name) ? 'public' : 'provider';
    for (const [name, call] of entries) expect(call.auth, name).toBe(expected(name));
  });

  it('covers every call of docs/product calls', () => {
    const routes = new Set(entries.map(([, call]) => `${call.method} ${call.path}`));
    expect([...routes].sort()).toEqual(
      [
        'POST /api/oauth/token',
        'POST /api/oauth/logout',
        'GET /api/webapp/accepted-terms',
        'PUT /api/webapp/accept-terms',
        'GET /api/webapp/account',
        'POST /api/webapp/account/reset_password/init',
        'POST /api/webapp/account/reset_password/finish',
        'PUT /api/webapp/account/change_password',
        'POST /api/webapp/batches/request',
        'GET /api/webapp/companies/default',
        'PUT /api/webapp/companies/:id/default',
        'GET /api/webapp/companies/me',
        'GET /api/webapp/credits/programProvider/:programProviderId',
        'POST /api/credits/:creditId/upload',
        'PUT /api/webapp/estimates/request',
        'PUT /api/webapp/estimates/programProvider/:id/request',
        'GET /api/webapp/invites/:token',
        'GET /api/webapp/notifications/programs/:id/active',
        'GET /api/webapp/organizations/chat',
        'GET /api/webapp/organizations/current',
        'GET /api/webapp/terms-of-use',
        'POST /api/webapp/persons/provider/invite/:token',
        'GET /api/webapp/persons/me',
        'GET /api/webapp/programs/me/default',
        'GET /api/webapp/programs/:id/simulation/example',
        'GET /api/webapp/programs/:id/configuration/provider',
        'POST /api/webapp/users/email/validate',
        'GET /api/webapp/users/reset-key/:key',
        'GET /api/webapp/portfolio',
        'GET /api/webapp/credits/next',
        'GET /api/webapp/batches',
      ].sort(),
    );
  });
});
