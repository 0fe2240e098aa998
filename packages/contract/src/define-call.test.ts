import { describe, expect, expectTypeOf, it } from 'vitest';
import { getAccountCall, listCreditsCall, setDefaultCompanyCall } from './calls';
import { buildPath, buildQuery, type ParamsOf, type ResponseOf, toRouteSchema } from './define-call';
import { errorBodySchema } from './errors';

describe('buildPath', () => {
  it('substitutes params', () => {
    expect(buildPath(setDefaultCompanyCall, { id: 12 })).toBe('/api/webapp/companies/12/default');
    expect(buildPath(getAccountCall)).toBe('/api/webapp/account');
  });

  it('URL-encodes each param, so a value cannot change the path', () => {
    expect(buildPath(listCreditsCall, { programProviderId: '../1?x=2' })).toBe(
      '/api/webapp/credits/programProvider/..%2F1%3Fx%3D2',
    );
  });

  it('throws on a missing param instead of calling /undefined', () => {
    const params = {} as { programProviderId: number };
    expect(() => buildPath(listCreditsCall, params)).toThrow(/programProviderId/);
  });

  it('types params from the path', () => {
    expectTypeOf<Parameters<typeof buildPath<typeof setDefaultCompanyCall>>[1]>().toEqualTypeOf<
      Record<'id', string | number>
    >();
    expectTypeOf<ParamsOf<typeof setDefaultCompanyCall>>().toEqualTypeOf<{ id: unknown }>();
    expectTypeOf<ResponseOf<typeof getAccountCall>['firstName']>().toEqualTypeOf<string>();
  });
});

describe('buildQuery', () => {
  it('leaves out null and undefined and encodes the rest', () => {
    expect(buildQuery({ page: 0, size: 30, sort: 'expireDate,asc', x: undefined, y: null })).toBe(
      '?page=0&size=30&sort=expireDate%2Casc',
    );
    expect(buildQuery({})).toBe('');
    expect(buildQuery()).toBe('');
  });
});

describe('toRouteSchema', () => {
  it('gives Fastify the parts a call has, with the error body on every error status', () => {
    const schema = toRouteSchema(listCreditsCall);
    expect(schema.params).toBe(listCreditsCall.params);
    expect(schema.querystring).toBe(listCreditsCall.querystring);
    expect(schema.response[200]).toBe(listCreditsCall.response);
    expect(schema.response['4xx']).toBe(errorBodySchema);
    expect(schema.tags).toEqual(['credits']);
    expect(Object.keys(toRouteSchema(getAccountCall)).sort()).toEqual(['response', 'summary', 'tags']);
  });
});
