import { buildPath, type Call, calls, errorBody, logoutCall } from '@portal/contract';
import { expect, it } from 'vitest';
import { buildTestApp, loginAs } from './app';
import { createSupplier } from './estimates-factories';
import { machineTokenWithEveryScope } from './machine-clients';

/*
 * A body in a media type the call does not take answers 415 error.unsupportedMediaType
 * (docs/product/errors.md#status-rules), on every call of the contract that takes a body, whatever parser the
 * app has for that type (text/plain and forms are parsed for other calls; XML by none).
 */
const t = await buildTestApp();
const supplier = await createSupplier(t.app, t.db);
const person = await loginAs(t.app, supplier.user);
const machine = await machineTokenWithEveryScope(t, supplier.org.id);
const authOf = (call: Call) => (call.auth === 'public' ? {} : call.auth === 'machine' ? machine : person);
const pathOf = (call: Call) => call.path.replace(/:\w+/g, '1');

const withBody = (Object.values(calls) as Call[]).filter((call) => call.body || call.consumes);
const unsupported = (call: Call) =>
  [
    ['text/plain', 'hello'],
    ['application/xml', '<credits/>'],
    ['text/plain; charset=utf-8', '{"credits": []}'],
    ['application/json', '{}'],
    ['application/x-www-form-urlencoded', 'a=1'],
  ].filter(([type]) => {
    const accepted: readonly string[] = call.consumes ?? ['application/json'];
    return !accepted.includes(type!.split(';')[0]!);
  });

it.each(withBody.map((call) => [`${call.method} ${call.path}`, call] as const))(
  '%s answers a body of a media type it does not take 415 error.unsupportedMediaType',
  async (_name, call) => {
    for (const [type, payload] of unsupported(call)) {
      const res = await t.app.inject({
        method: call.method,
        url: pathOf(call),
        headers: { ...authOf(call), 'content-type': type! },
        payload,
      });
      expect(res.statusCode, `${type}: ${res.body}`).toBe(415);
      expect(res.json()).toEqual(errorBody('error.unsupportedMediaType'));
    }
  },
);

it('answers a body no parser takes on a call without one with 415 error.unsupportedMediaType too', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: buildPath(logoutCall),
    headers: { 'content-type': 'application/xml' },
    payload: '<logout/>',
  });
  expect(res.statusCode).toBe(415);
  expect(res.json()).toEqual(errorBody('error.unsupportedMediaType'));
});
