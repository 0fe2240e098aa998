import { createHash } from 'node:crypto';
import {
  type BodyOf,
  buildPath,
  cancelBatchCall,
  createAutoRuleCall,
  errorBody,
  getAccountCall,
  listMyProgramsCall,
  previewNewAutoRuleCall,
  requestBatchCall,
  setPinCall,
  updateAutoRuleCall,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, loginAs, TEST_NOW } from '../../../test/app';
import { batchesOf, statusesOf } from '../../../test/batches-factories';
import { createCreditIds, createSupplier, type Supplier } from '../../../test/estimates-factories';
import { autoRules, batches, rateLimitEvents, users } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';

const t = await buildTestApp({}, { keepLogs: true });
// Written as `pin: '…'` so that the suite's log scan (scripts/check-logs.mjs) looks for both in every line.
const right = { pin: '135790' };
const other = { pin: '864200' };
const PIN = right.pin;
/** A wrong PIN, or the new one of a change. */
const OTHER_PIN = other.pin;
const LOCK_MS = 15 * 60 * 1000;

type Headers = Record<string, string>;

const putPin = (headers: Headers, body: BodyOf<typeof setPinCall>) =>
  injectCall(t.app, setPinCall, { headers, body });

/** `POST batches/request` with either body: the bare array or `{creditIds, pin}`. */
const request = (headers: Headers, body: BodyOf<typeof requestBatchCall>, idempotencyKey?: string) =>
  injectCall(t.app, requestBatchCall, {
    headers: { ...headers, ...(idempotencyKey && { 'idempotency-key': idempotencyKey }) },
    body,
  });

const cancel = (headers: Headers, id: number, body: BodyOf<typeof cancelBatchCall>) =>
  injectCall(t.app, cancelBatchCall, { params: { id }, headers, body });

const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

/** A supplier in a program that requires the PIN, with its PIN set unless told otherwise. */
async function pinSupplier({ withPin = true } = {}) {
  t.clock.set(TEST_NOW);
  const supplier = await createSupplier(t.app, t.db, { program: { requirePin: true } });
  if (withPin)
    expect((await putPin(supplier.headers, { password: supplier.user.password, pin: PIN })).statusCode).toBe(
      200,
    );
  return supplier;
}

const requestedIds = async (s: Supplier) => (await batchesOf(t.db, s.pp.id)).map((b) => b.id);

describe('PUT account/pin', () => {
  it('sets the PIN as argon2id, then changes it: only the new one opens a request', async () => {
    const s = await createSupplier(t.app, t.db, { program: { requirePin: true } });
    const account = async () => (await injectCall(t.app, getAccountCall, { headers: s.headers })).json();
    expect((await account()).pinSet).toBe(false);

    const set = await putPin(s.headers, { password: s.user.password, pin: PIN });
    expect(set.statusCode).toBe(200);
    expect(set.body).toBe('');
    const stored = (await userRow(s.user.id)).pinHash!;
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored).not.toContain(PIN);
    expect(await verifyPassword(stored, PIN)).toBe(true);
    expect((await account()).pinSet).toBe(true);

    expect((await putPin(s.headers, { password: s.user.password, pin: OTHER_PIN })).statusCode).toBe(200);
    const [a, b] = (await createCreditIds(t.db, s.pp, 2)) as [number, number];
    expect((await request(s.headers, { creditIds: [a], pin: PIN })).json()).toEqual(
      errorBody('error.user.pinMismatch'),
    );
    expect((await request(s.headers, { creditIds: [a, b], pin: OTHER_PIN })).statusCode).toBe(200);

    // Audit lines say who set or changed it; no line holds the PIN.
    const lines = t.logLines.filter(
      (line) => line.includes('"event":"pin.set"') && line.includes(`"userId":${s.user.id},`),
    );
    expect(lines.map((line) => JSON.parse(line).changed)).toEqual([false, true]);
    const holds = (pin: string) => new RegExp(`(?<![\\d.])${pin}(?!\\d)`);
    expect(t.logLines.filter((line) => holds(PIN).test(line) || holds(OTHER_PIN).test(line))).toEqual([]);
  });

  it('refuses a wrong password with 400 on the field, keeps the PIN, and counts it toward the login limit', async () => {
    const s = await pinSupplier();
    const before = (await userRow(s.user.id)).pinHash;
    const res = await putPin(s.headers, { password: 'not-my-password', pin: OTHER_PIN });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      errorBody('error.invalidpassword', [{ field: 'password', message: 'error.invalidpassword' }], 400),
    );
    expect((await userRow(s.user.id)).pinHash).toBe(before);
    const counted = await t.db
      .select()
      .from(rateLimitEvents)
      .where(eq(rateLimitEvents.bucket, `login:account:${s.org.id}:${s.user.login}`));
    expect(counted).toHaveLength(1);
  });

  it('10 wrong passwords: 429 with Retry-After here and at login, even with the right password', async () => {
    const s = await pinSupplier({ withPin: false });
    const from = { remoteAddress: '10.30.0.1' };
    const put = (password: string) =>
      injectCall(t.app, setPinCall, { headers: s.headers, body: { password, pin: PIN }, ...from });
    for (let i = 0; i < 10; i++) expect((await put(`wrong-${i}`)).statusCode).toBe(400);
    const locked = await put(s.user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(errorBody('error.user.tooManyAttempts'));
    expect(locked.headers['retry-after']).toBe('900');
    expect((await userRow(s.user.id)).pinHash).toBeNull();
    // The same bucket as the login's: a stolen session cannot guess more than a login could.
    await expect(loginAs(t.app, s.user)).rejects.toThrow(/login failed: 429/);
    t.clock.advance(LOCK_MS);
    try {
      expect((await put(s.user.password)).statusCode).toBe(200);
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it('validates the PIN: exactly 6 digits', async () => {
    const s = await pinSupplier({ withPin: false });
    for (const pin of ['12345', 'abcdef', '1234567', '12 456', '']) {
      const res = await putPin(s.headers, { password: s.user.password, pin });
      expect(res.statusCode, String(pin)).toBe(400);
      expect(res.json()).toEqual(
        errorBody('error.validation', [{ field: 'pin', message: 'validation.pin.invalid' }]),
      );
    }
    // Bodies the contract's type refuses, sent as they are.
    const putRaw = (payload: object) =>
      t.app.inject({ method: setPinCall.method, url: buildPath(setPinCall), headers: s.headers, payload });
    const missing = await putRaw({ password: s.user.password });
    expect(missing.json()).toEqual(
      errorBody('error.validation', [{ field: 'pin', message: 'validation.pin.invalid' }]),
    );
    // Digits as a number are not the 6 characters typed (a leading zero would be lost).
    const asNumber = await putRaw({ password: s.user.password, pin: 123456 });
    expect(asNumber.json()).toEqual(
      errorBody('error.validation', [{ field: 'pin', message: 'validation.invalid' }]),
    );
    const noPassword = await putRaw({ pin: PIN });
    expect(noPassword.json()).toEqual(
      errorBody('error.validation', [{ field: 'password', message: 'validation.currentPassword.required' }]),
    );
    expect((await userRow(s.user.id)).pinHash).toBeNull();
  });

  it('answers 401 without a session', async () => {
    const res = await injectCall(t.app, setPinCall, { body: { password: 'x', pin: PIN } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(errorBody('error.http.unauthorized'));
  });
});

describe('POST batches/request in a program that requires the PIN', () => {
  it('no PIN set: 400 error.user.pinNotRegistered, and nothing requested', async () => {
    const s = await pinSupplier({ withPin: false });
    const ids = await createCreditIds(t.db, s.pp, 1);
    const res = await request(s.headers, { creditIds: ids, pin: PIN });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody('error.user.pinNotRegistered'));
    expect(await requestedIds(s)).toEqual([]);
    expect(await statusesOf(t.db, ids)).toEqual(['AVAILABLE']);
  });

  it('absent (bare array or object): pinRequired, not counted; wrong: pinMismatch, counted; right: the request', async () => {
    const s = await pinSupplier();
    const ids = await createCreditIds(t.db, s.pp, 2);
    for (const body of [ids, { creditIds: ids }]) {
      const res = await request(s.headers, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errorBody('error.user.pinRequired'));
    }
    expect((await userRow(s.user.id)).pinFailures).toBe(0);

    const wrong = await request(s.headers, { creditIds: ids, pin: OTHER_PIN });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(errorBody('error.user.pinMismatch'));
    // Counted although the request was refused (the PIN's own transaction committed).
    expect((await userRow(s.user.id)).pinFailures).toBe(1);
    expect(await statusesOf(t.db, ids)).toEqual(['AVAILABLE', 'AVAILABLE']);

    const right = await request(s.headers, { creditIds: ids, pin: PIN });
    expect(right.statusCode).toBe(200);
    expect(await requestedIds(s)).toEqual([right.json().id]);
    expect(await statusesOf(t.db, ids)).toEqual(['REQUESTED', 'REQUESTED']);
    expect((await userRow(s.user.id)).pinFailures).toBe(0);
  });

  it('asks the PIN only once the credits are the caller’s: unknown ones answer as before, uncounted', async () => {
    const s = await pinSupplier();
    const res = await request(s.headers, { creditIds: [987_654], pin: OTHER_PIN });
    expect(res.json()).toEqual(errorBody('error.credit.notfound'));
    expect((await userRow(s.user.id)).pinFailures).toBe(0);
  });

  it('5 wrong PINs lock for 15 minutes (the 5th answers it), even the right PIN; accepted again after', async () => {
    const s = await pinSupplier();
    const ids = await createCreditIds(t.db, s.pp, 1);
    const until = TEST_NOW.getTime() + LOCK_MS;
    const lockedBody = errorBody('error.user.pinLocked', [], 429, { until });
    for (let i = 1; i <= 4; i++) {
      expect((await request(s.headers, { creditIds: ids, pin: OTHER_PIN })).json()).toEqual(
        errorBody('error.user.pinMismatch'),
      );
    }
    const fifth = await request(s.headers, { creditIds: ids, pin: OTHER_PIN });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual(lockedBody);
    expect(fifth.headers['retry-after']).toBe('900');
    try {
      t.clock.advance(LOCK_MS - 1000);
      for (const body of [
        { creditIds: ids, pin: PIN },
        { creditIds: ids, pin: OTHER_PIN },
        { creditIds: ids },
      ]) {
        const res = await request(s.headers, body);
        expect(res.statusCode).toBe(429);
        expect(res.json()).toEqual(lockedBody);
        expect(res.headers['retry-after']).toBe('1');
      }
      // The lock is the same one, not pushed back by the tries made under it.
      expect((await userRow(s.user.id)).pinLockedUntil).toEqual(new Date(until));
      expect(await requestedIds(s)).toEqual([]);

      t.clock.advance(1000);
      const res = await request(s.headers, { creditIds: ids, pin: PIN });
      expect(res.statusCode).toBe(200);
      expect(await requestedIds(s)).toEqual([res.json().id]);
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it('wrong PINs sent at once are counted one at a time: 4 mismatches, then the lock', async () => {
    const s = await pinSupplier();
    const ids = await createCreditIds(t.db, s.pp, 1);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => request(s.headers, { creditIds: ids, pin: OTHER_PIN })),
    );
    const codes = answers.map((res) => res.json().code).sort();
    expect(codes).toEqual([
      ...Array(4).fill('error.user.pinLocked'),
      ...Array(4).fill('error.user.pinMismatch'),
    ]);
  });

  it('a right PIN clears the count: 4 wrong, 1 right, 4 wrong again are not a lock', async () => {
    const s = await pinSupplier();
    const [a, b] = (await createCreditIds(t.db, s.pp, 2)) as [number, number];
    for (let i = 0; i < 4; i++) await request(s.headers, { creditIds: [a], pin: OTHER_PIN });
    expect((await request(s.headers, { creditIds: [a], pin: PIN })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await request(s.headers, { creditIds: [b], pin: OTHER_PIN })).json().code).toBe(
        'error.user.pinMismatch',
      );
    }
  });

  it('setting the PIN again with the password lifts a lock', async () => {
    const s = await pinSupplier();
    const ids = await createCreditIds(t.db, s.pp, 1);
    for (let i = 0; i < 5; i++) await request(s.headers, { creditIds: ids, pin: OTHER_PIN });
    expect((await request(s.headers, { creditIds: ids, pin: PIN })).statusCode).toBe(429);
    expect((await putPin(s.headers, { password: s.user.password, pin: OTHER_PIN })).statusCode).toBe(200);
    expect((await request(s.headers, { creditIds: ids, pin: OTHER_PIN })).statusCode).toBe(200);
  });
});

describe('where the program does not require the PIN', () => {
  it('the bare array and the object are accepted, with or without a PIN set, and a PIN sent is ignored', async () => {
    t.clock.set(TEST_NOW);
    const s = await createSupplier(t.app, t.db);
    const [a, b, c] = (await createCreditIds(t.db, s.pp, 3)) as [number, number, number];
    expect((await request(s.headers, [a])).statusCode).toBe(200);
    expect((await request(s.headers, { creditIds: [b] })).statusCode).toBe(200);
    expect((await putPin(s.headers, { password: s.user.password, pin: PIN })).statusCode).toBe(200);
    expect((await request(s.headers, { creditIds: [c], pin: OTHER_PIN })).statusCode).toBe(200);
    expect(await requestedIds(s)).toHaveLength(3);
    expect((await userRow(s.user.id)).pinFailures).toBe(0);
  });

  it('GET programs/me/default says which programs require the PIN', async () => {
    const s = await pinSupplier({ withPin: false });
    const res = await injectCall(t.app, listMyProgramsCall, { headers: s.headers });
    expect(res.json().map((p: { id: number; requirePin: boolean }) => [p.id, p.requirePin])).toEqual([
      [s.program.id, true],
    ]);
  });
});

describe('Idempotency-Key with a PIN', () => {
  it('the same key with another PIN (or none) is a replay, not a conflict, and is not checked or counted', async () => {
    const s = await pinSupplier();
    const [a, b] = (await createCreditIds(t.db, s.pp, 2)) as [number, number];
    const first = await request(s.headers, { creditIds: [a, b], pin: PIN }, 'pin-key');
    expect(first.statusCode).toBe(200);
    for (const body of [{ creditIds: [b, a], pin: OTHER_PIN }, { creditIds: [a, b] }, [a, b]]) {
      const again = await request(s.headers, body, 'pin-key');
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
    }
    expect(await requestedIds(s)).toEqual([first.json().id]);
    expect((await userRow(s.user.id)).pinFailures).toBe(0);
    // Other credits under the key are still a conflict.
    const [c] = (await createCreditIds(t.db, s.pp, 1)) as [number];
    expect((await request(s.headers, { creditIds: [c], pin: PIN }, 'pin-key')).json()).toEqual(
      errorBody('error.idempotency.conflict'),
    );
  });

  it('the stored fingerprint is the SHA-256 of the sorted credit ids alone, never of the PIN', async () => {
    const s = await pinSupplier();
    const [a, b] = (await createCreditIds(t.db, s.pp, 2)) as [number, number];
    const res = await request(s.headers, { creditIds: [b, a], pin: PIN }, 'fingerprint');
    const [row] = await t.db.select().from(batches).where(eq(batches.id, res.json().id));
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    expect(row!.requestHash).toBe(sha256(JSON.stringify([a, b])));
    const stored = JSON.stringify(row, (_key, value) => (typeof value === 'bigint' ? String(value) : value));
    expect(stored).not.toContain(PIN);
    expect(stored).not.toContain(sha256(JSON.stringify({ creditIds: [a, b], pin: PIN })));
  });
});

describe('POST batches/:id/cancel with the PIN', () => {
  it('needs the PIN where the program requires it; a wrong one is counted and cancels nothing', async () => {
    const s = await pinSupplier();
    const ids = await createCreditIds(t.db, s.pp, 1);
    const batchId = (await request(s.headers, { creditIds: ids, pin: PIN })).json().id as number;
    expect((await cancel(s.headers, batchId, {})).json()).toEqual(errorBody('error.user.pinRequired'));
    expect((await cancel(s.headers, batchId, { pin: OTHER_PIN })).json()).toEqual(
      errorBody('error.user.pinMismatch'),
    );
    expect((await userRow(s.user.id)).pinFailures).toBe(1);
    expect(await statusesOf(t.db, ids)).toEqual(['REQUESTED']);
    const res = await cancel(s.headers, batchId, { pin: PIN });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('CANCELLED');
    expect(await statusesOf(t.db, ids)).toEqual(['AVAILABLE']);
  });

  it('validates the PIN’s form, and another company’s request is still a plain 404', async () => {
    const s = await pinSupplier();
    const batchId = (
      await request(s.headers, { creditIds: await createCreditIds(t.db, s.pp, 1), pin: PIN })
    ).json().id as number;
    expect((await cancel(s.headers, batchId, { pin: '1234' })).json()).toEqual(
      errorBody('error.validation', [{ field: 'pin', message: 'validation.pin.invalid' }]),
    );
    const other = await pinSupplier();
    expect((await cancel(other.headers, batchId, { pin: PIN })).json()).toEqual(
      errorBody('error.batch.notFound'),
    );
    expect((await userRow(other.user.id)).pinFailures).toBe(0);
  });

  it('ignores a PIN sent where the program does not require it', async () => {
    t.clock.set(TEST_NOW);
    const s = await createSupplier(t.app, t.db);
    const batchId = (await request(s.headers, await createCreditIds(t.db, s.pp, 1))).json().id as number;
    expect((await cancel(s.headers, batchId, { pin: OTHER_PIN })).statusCode).toBe(200);
  });
});

describe('automatic rules with the PIN', () => {
  const create = (s: Supplier, body: BodyOf<typeof createAutoRuleCall>) =>
    injectCall(t.app, createAutoRuleCall, { headers: s.headers, body });

  it('saving a rule needs the PIN; it is never stored; previews ignore it', async () => {
    const s = await pinSupplier();
    const draft = { programProviderId: s.pp.id, time: '10:30' };
    expect((await create(s, draft)).json()).toEqual(errorBody('error.user.pinRequired'));
    expect((await create(s, { ...draft, pin: OTHER_PIN })).json()).toEqual(
      errorBody('error.user.pinMismatch'),
    );
    const created = await create(s, { ...draft, pin: PIN });
    expect(created.statusCode).toBe(200);
    const rule = created.json();
    expect(rule).toEqual({
      id: rule.id,
      programProviderId: s.pp.id,
      time: '10:30',
      maxMonthlyCost: null,
      minDays: null,
      maxDays: null,
      minCreditValue: null,
      maxTotalPerDay: null,
      active: true,
      createdAt: TEST_NOW.toISOString(),
      updatedAt: TEST_NOW.toISOString(),
    });

    expect(
      (
        await injectCall(t.app, updateAutoRuleCall, {
          params: { id: rule.id },
          headers: s.headers,
          body: { time: '11:00' },
        })
      ).json(),
    ).toEqual(errorBody('error.user.pinRequired'));
    const updated = await injectCall(t.app, updateAutoRuleCall, {
      params: { id: rule.id },
      headers: s.headers,
      body: { time: '11:00', active: false, pin: PIN },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ time: '11:00', active: false });
    expect(updated.json()).not.toHaveProperty('pin');

    const [stored] = await t.db.select().from(autoRules).where(eq(autoRules.id, rule.id));
    expect(
      JSON.stringify(stored, (_key, value) => (typeof value === 'bigint' ? String(value) : value)),
    ).not.toContain(PIN);

    // A preview moves no money: no PIN asked, a wrong one neither refused nor counted.
    for (const body of [draft, { ...draft, pin: OTHER_PIN }]) {
      expect((await injectCall(t.app, previewNewAutoRuleCall, { headers: s.headers, body })).statusCode).toBe(
        200,
      );
    }
    expect((await userRow(s.user.id)).pinFailures).toBe(0);
  });

  it('a rule of a program without the PIN is saved without one, a PIN sent ignored', async () => {
    t.clock.set(TEST_NOW);
    const s = await createSupplier(t.app, t.db);
    expect((await create(s, { programProviderId: s.pp.id, time: '10:30', pin: OTHER_PIN })).statusCode).toBe(
      200,
    );
  });
});
