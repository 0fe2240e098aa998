import { type Call, calls, type MediaType } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, loginAs } from '../app';
import { createCompany, createOrganization, createUser } from '../factories';
import { machineTokenWithEveryScope } from '../machine-clients';

/*
 * Hostile input on every call, driven by the contract's list of calls so a new call is covered the day it is
 * added: unknown fields, wrong shapes, malformed and huge bodies, wrong content types, hostile paging, sort
 * and path values. Every answer is a 4xx (or a 200 for harmless input) with the one error body, never a 5xx,
 * and never a stack trace, SQL or a server path. (Multipart bodies: modules/uploads/upload-refusals.test.ts.)
 */
const t = await buildTestApp();
const org = await createOrganization(t.db);
const company = await createCompany(t.db, org.id);
const user = await createUser(t.db, org.id, { companyIds: [company.id] });
const auth = await loginAs(t.app, user);

const entries = Object.entries(calls) as [string, Call][];
const bodyCalls = entries.filter(([, call]) => call.body);
const queryCalls = entries.filter(([, call]) => call.querystring instanceof z.ZodObject);
const paramCalls = entries.filter(([, call]) => call.params instanceof z.ZodObject);

const internals = [
  /\bat \S+ \(/, // a stack frame
  /node_modules|\/work\/|\/src\/|\.ts:\d+/,
  /\b(select|insert into|update \w+ set|delete from)\b.*\b(from|values|where)\b/i,
  /syntax error|violates|duplicate key|relation "|column "|pg_|drizzle|postgres/i,
  /FST_|TypeError|ReferenceError|ZodError|Cannot read prop/,
];

type Answer = Awaited<ReturnType<typeof t.app.inject>>;

/** A 4xx (or 200) with the one error body on a 4xx, and nothing of the server's insides either way. */
function expectClean(res: Answer, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  for (const pattern of internals) expect(res.body, what).not.toMatch(pattern);
  if (res.statusCode >= 400) {
    const body = res.json();
    expect(Object.keys(body).sort(), what).toEqual([
      'code',
      'error_description',
      'fieldErrors',
      'httpStatus',
      'message',
    ]);
    expect(body.httpStatus, what).toBe(res.statusCode);
    expect(body.code, what).toMatch(/^(error\.[\w.]+|invalid_client|unsupported_grant_type|invalid_scope)$/);
  }
}

const pathOf = (call: Call, value = '1') => call.path.replace(/:\w+/g, encodeURIComponent(value));
const machineAuth = await machineTokenWithEveryScope(t, org.id);
const headersOf = (call: Call) =>
  call.auth === 'public' ? {} : call.auth === 'machine' ? machineAuth : auth;
const mediaTypesOf = (call: Call): MediaType[] => [...(call.consumes ?? ['application/json'])];

function encode(type: MediaType, body: Record<string, unknown>): string {
  if (type === 'application/x-www-form-urlencoded') {
    return new URLSearchParams(
      Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
  }
  return JSON.stringify(body);
}

const send = (call: Call, options: { type?: string; payload?: string | Buffer; url?: string }) =>
  t.app.inject({
    method: call.method,
    url: options.url ?? pathOf(call),
    headers: { ...headersOf(call), ...(options.type && { 'content-type': options.type }) },
    ...(options.payload !== undefined && { payload: options.payload }),
  });

it('the contract has calls of every kind for this test to cover', () => {
  expect(bodyCalls.length).toBeGreaterThanOrEqual(8);
  expect(queryCalls.length).toBeGreaterThanOrEqual(5);
  expect(paramCalls.length).toBeGreaterThanOrEqual(10);
});

describe.each(bodyCalls)('body of %s', (name, call) => {
  type JsonSchema = { type?: string; additionalProperties?: unknown; anyOf?: JsonSchema[] };
  const whole = z.toJSONSchema(call.body as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  // A body of two forms (batches/request: the ids alone, or {creditIds, pin}) is held to the object form's rules.
  // Its unknown fields are sent beside a valid `creditIds`, so the answer can only be about them (with nothing
  // valid, zod cannot tell which form was meant and names the body).
  const schema = whole.anyOf?.find((form) => form.type === 'object') ?? whole;
  const validPart = whole.anyOf ? { creditIds: [1] } : {};

  it('rejects unknown fields, prototype keys included, naming the field', async () => {
    if (schema.type === 'array') {
      // A list of ids: an object in its place is refused whole.
      const res = await send(call, {
        type: 'application/json',
        payload: JSON.stringify({ ids: [1], isAdmin: true }),
      });
      expect(res.statusCode).toBe(400);
      expectClean(res, name);
      return;
    }
    expect(schema.additionalProperties, `${name} declares its body strict`).toBe(false);
    for (const type of mediaTypesOf(call).filter((m) => m !== 'text/plain')) {
      const res = await send(call, {
        type,
        payload: encode(type, { ...validPart, isAdmin: true, role: 'ROLE_ADMIN' }),
      });
      expect(res.statusCode, `${name} ${type}`).toBe(400);
      if (call === calls.platformImport) {
        // A document refused in the import format's words (docs/product/platform-api.md#imports).
        expect(res.json().error_description).toBe(
          '(document): unknown key "isAdmin", "role" (validation.unknownField)',
        );
      } else {
        expect(res.json().fieldErrors).toContainEqual({
          field: 'isAdmin',
          message: 'validation.unknownField',
        });
        expect(res.json().fieldErrors).toContainEqual({ field: 'role', message: 'validation.unknownField' });
      }
      expectClean(res, name);
    }
    // JSON only where the call takes it (elsewhere it is 415 unread, docs/product/errors.md#status-rules).
    if (!mediaTypesOf(call).includes('application/json')) return;
    const proto = await send(call, {
      type: 'application/json',
      payload: '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"isAdmin": true}}}',
    });
    expect(proto.statusCode).toBe(400);
    expectClean(proto, `${name} __proto__`);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('answers wrong shapes, malformed and empty JSON with 400', async () => {
    const payloads = [
      '{"a":',
      '{"a": 1,}',
      "{'a': 1}",
      '',
      'null',
      '[]',
      '"text"',
      '123',
      '{"a": NaN}',
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      JSON.stringify({ a: 'x'.repeat(100_000) }),
      '\u0000\u0001\u0002',
    ];
    for (const payload of payloads) {
      const res = await send(call, { type: 'application/json', payload });
      expect([400, 415]).toContain(res.statusCode);
      expectClean(res, `${name} ${payload.slice(0, 20)}`);
    }
  });

  it('answers a body over its limit (1 MB, or the call’s own) with 413, in every media type it takes', async () => {
    const over = (call.maxBodyBytes ?? 1024 * 1024) + 1024 * 1024;
    for (const type of mediaTypesOf(call)) {
      const huge =
        type === 'application/json' ? JSON.stringify({ a: 'x'.repeat(over) }) : `a=${'x'.repeat(over)}`;
      const res = await send(call, { type, payload: huge });
      expect(res.statusCode, `${name} ${type}`).toBe(413);
      expect(res.json().code).toBe('error.upload.tooLarge');
      expectClean(res, name);
    }
  });

  it('answers a media type it does not take with 4xx', async () => {
    for (const type of [
      'application/xml',
      'application/octet-stream',
      'multipart/form-data; boundary=x',
      'text/html',
    ]) {
      const res = await send(call, { type, payload: '<a>1</a>' });
      expect(res.statusCode, `${name} ${type}`).toBeGreaterThanOrEqual(400);
      expectClean(res, `${name} ${type}`);
    }
  });
});

const hostileValues = [
  '-1',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999',
  'NaN',
  'Infinity',
  '',
  'abc',
  "1' or '1'='1",
  '1;drop table credits',
  '%00',
  '１２',
  '0x10',
  'x'.repeat(5000),
  'value,asc;select 1',
  'nfNumber,asc,extra',
  '__proto__',
];

describe.each(queryCalls)('query of %s', (name, call) => {
  const keys = Object.keys((call.querystring as z.ZodObject).shape);

  it(`survives hostile values of ${keys.join(', ')}: 200 or 400, never 5xx`, async () => {
    const url = pathOf(call);
    const statuses = new Set<number>();
    for (const key of keys) {
      for (const value of hostileValues) {
        const res = await send(call, { url: `${url}?${key}=${encodeURIComponent(value)}` });
        statuses.add(res.statusCode);
        expect([200, 400, 404]).toContain(res.statusCode);
        expectClean(res, `${name} ${key}=${value.slice(0, 20)}`);
      }
      // Repeated keys and bracket syntax arrive as arrays or odd names.
      for (const query of [`${key}=1&${key}=2`, `${key}[]=1`, `${key}[a]=1`]) {
        const res = await send(call, { url: `${url}?${query}` });
        expect([200, 400, 404]).toContain(res.statusCode);
        expectClean(res, `${name} ${query}`);
      }
    }
    expect(statuses.has(400), `${name} refuses some of them`).toBe(true);
  });
});

describe.each(paramCalls)('path of %s', (name, call) => {
  it('survives hostile path values: 4xx, never 5xx', async () => {
    const values = [
      ...hostileValues.filter((v) => v !== ''),
      '..',
      '../../etc/passwd',
      '2147483648',
      ' ',
      'null',
    ];
    for (const value of values) {
      const res = await send(call, { url: pathOf(call, value) });
      expect(res.statusCode, `${name} ${value.slice(0, 20)}`).toBeGreaterThanOrEqual(400);
      expectClean(res, `${name} ${value.slice(0, 20)}`);
    }
    for (const raw of ['%zz', '%', '%c0%ae%c0%ae']) {
      const res = await send(call, { url: call.path.replace(/:\w+/, raw) });
      expect(res.statusCode, `${name} ${raw}`).toBeGreaterThanOrEqual(400);
      expectClean(res, `${name} ${raw}`);
    }
  });
});
