import {
  acceptTermsCall,
  buildPath,
  type Call,
  calls,
  errorBody,
  withdrawCreditsCall,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, loginAs } from './app';
import { createCreditIds, createSupplier } from './estimates-factories';
import { machineTokenWithEveryScope } from './machine-clients';

/*
 * Many HTTP client libraries say `Content-Type: application/json` on every call, with an empty body when
 * there is nothing to send. Such a request must be answered as if no body had been sent: a call without a
 * body works, a call that needs one gets its usual validation error. The calls come from the contract, so a
 * call added later is covered the day it is added.
 */
const t = await buildTestApp();
const supplier = await createSupplier(t.app, t.db);
const [creditId] = await createCreditIds(t.db, supplier.pp, 1);

const entries = Object.entries(calls) as [string, Call][];
const writes = entries.filter(([, call]) => call.method !== 'GET');
const bodyless = writes.filter(([, call]) => !call.body);
const withBody = writes.filter(([, call]) => call.body);

/** Real ids of the supplier's own objects, by the path segment before the parameter. */
const idAfter: Record<string, number> = {
  companies: supplier.company.id,
  programProvider: supplier.pp.id,
  credits: creditId!,
  // No such session: ending one must not change what the second request of a pair meets.
  sessions: 2_000_000_000,
};
const pathOf = (call: Call) =>
  call.path.replace(/\/([^/]+)\/:\w+/g, (_all, segment: string) => `/${segment}/${idAfter[segment] ?? 1}`);

const platformAuth = await machineTokenWithEveryScope(t, supplier.org.id);

/** Each request with a fresh token: logout revokes the one it is sent with. */
async function send(call: Call, headers: Record<string, string>) {
  const auth =
    call.auth === 'public'
      ? {}
      : call.auth === 'machine'
        ? platformAuth
        : await loginAs(t.app, supplier.user);
  return t.app.inject({ method: call.method, url: pathOf(call), headers: { ...auth, ...headers } });
}
const emptyJson = (call: Call) => send(call, { 'content-type': 'application/json', 'content-length': '0' });
const noBody = (call: Call) => send(call, {});

const answerOf = (res: Awaited<ReturnType<typeof send>>) => ({ status: res.statusCode, body: res.body });

it('the contract has body-less writes, the ones named in the issue among them', () => {
  expect(bodyless.map(([, call]) => `${call.method} ${call.path}`)).toEqual(
    expect.arrayContaining([
      'PUT /api/webapp/estimates/programProvider/:id/request',
      'PUT /api/webapp/accept-terms',
      'POST /api/oauth/logout',
    ]),
  );
  expect(withBody.length).toBeGreaterThanOrEqual(8);
});

/** Calls whose answer counts what the first request of the pair changed: only their status is compared. */
const countingAnswers = new Set(['endOtherSessions']);

describe.each(bodyless)('%s with an empty JSON body', (name, call) => {
  it('answers as if no body had been sent', async () => {
    const empty = await emptyJson(call);
    expect(empty.body).not.toMatch(/FST_/);
    const plain = await noBody(call);
    if (countingAnswers.has(name)) expect(empty.statusCode).toBe(plain.statusCode);
    else expect(answerOf(empty)).toEqual(answerOf(plain));
  });
});

it('lets the named body-less calls succeed with an empty JSON body', async () => {
  for (const name of ['estimateProgramProvider', 'acceptTerms', 'logout', 'setDefaultCompany'] as const) {
    const res = await emptyJson(calls[name]);
    expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
  }
});

describe.each(withBody)('%s with an empty JSON body', (_name, call) => {
  it('gets the validation error of a request without a body', async () => {
    const empty = await emptyJson(call);
    expect(empty.statusCode).toBe(400);
    // The platform import refuses any document in the import format's words (docs/product/platform-api.md#imports).
    expect(empty.json().code).toBe(
      call === calls.platformImport ? 'error.import.invalid' : 'error.validation',
    );
    expect(answerOf(empty)).toEqual(answerOf(await noBody(call)));
  });
});

it('answers a call that needs a body with the exact validation body', async () => {
  const res = await emptyJson(calls.finishPasswordReset);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    httpStatus: 400,
    message: 'error.validation',
    code: 'error.validation',
    fieldErrors: [{ field: 'body', message: 'validation.invalid' }],
    error_description: 'error.validation',
  });
});

it('still refuses a body of blanks or malformed JSON', async () => {
  for (const payload of [' ', '\n', '{"key": ']) {
    const res = await t.app.inject({
      method: acceptTermsCall.method,
      url: buildPath(acceptTermsCall),
      headers: { ...(await loginAs(t.app, supplier.user)), 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('error.validation');
  }
});

describe('a JSON string holding U+0000, which PostgreSQL text cannot store', () => {
  it('is refused before any handler with the field named, on a person’s call and a machine’s', async () => {
    const withdraw = await t.app.inject({
      method: withdrawCreditsCall.method,
      url: buildPath(withdrawCreditsCall),
      headers: { ...platformAuth, 'content-type': 'application/json' },
      payload: '{"refs":["ok","bad\\u0000ref"]}',
    });
    expect(withdraw.statusCode).toBe(400);
    expect(withdraw.json()).toEqual(
      errorBody('error.validation', [{ field: 'refs.1', message: 'validation.invalid' }]),
    );
    const keyed = await t.app.inject({
      method: withdrawCreditsCall.method,
      url: buildPath(withdrawCreditsCall),
      headers: { ...platformAuth, 'content-type': 'application/json' },
      payload: '{"refs":["x"],"a\\u0000":1}',
    });
    expect(keyed.json().fieldErrors).toEqual([{ field: 'a\u0000', message: 'validation.invalid' }]);
    // An escaped backslash before "u0000" is text, not U+0000: the call goes on to its own checks.
    const text = await t.app.inject({
      method: withdrawCreditsCall.method,
      url: buildPath(withdrawCreditsCall),
      headers: { ...platformAuth, 'content-type': 'application/json' },
      payload: '{"refs":["not\\\\u0000nul"]}',
    });
    expect(text.json().code).toBe('error.credit.notfound');
  });
});
