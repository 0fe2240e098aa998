import {
  finishPasswordResetCall,
  getAccountCall,
  getResetKeyUserCall,
  requestPasswordResetCall,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, loginAs } from '../app';
import { createOrganization, createUser } from '../factories';

/*
 * Forgot password and reset keys as an attacker sees them
 * (docs/product/accounts-and-sessions.md#password-reset): the answer and its timing never tell whether an
 * account exists; a flood of requests is not a flood of mails; keys cannot be guessed, are stored only as
 * hashes, work once, and a reset ends every session. (account.test.ts covers the plain behaviour: same body,
 * one mail a minute, supersession, single use, 24 h expiry.)
 */
const t = await buildTestApp();
const org = await createOrganization(t.db);

let nextAddress = 1;
/** Each caller its own client address unless told: the per-address limits are tested on purpose only. */
const init = (email: string, ip = `10.44.0.${nextAddress++ % 250}`) =>
  injectCall(t.app, requestPasswordResetCall, { body: email, remoteAddress: ip });
const settle = () => t.deliverMails();
const mailsTo = (email: string) => t.mailer.sent.filter((m) => m.to === email);
const keyOf = (text: string) => text.match(/\/password-reset\/([A-Za-z0-9_-]+)/)![1]!;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('forgot password', () => {
  it('answers known, unknown and not-activated emails in similar time, even when the mail server is slow', async () => {
    const known = await createUser(t.db, org.id);
    const inactive = await createUser(t.db, org.id, { activated: false });
    // A mail server that takes 100 ms per message, like a slow remote SMTP server: were the key made or the
    // mail sent before answering, the known email would answer 100 ms later than the others (a ratio of 20
    // to 50 against answers of 2 to 5 ms).
    const send = t.mailer.send;
    t.mailer.send = async (message) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await send(message);
    };
    const time = async (email: string) => {
      const start = process.hrtime.bigint();
      const res = await init(email);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      expect(res.statusCode).toBe(200);
      await settle(); // the mail of one request does not slow down the next measurement
      return ms;
    };
    try {
      for (const email of [known.login, 'warm-up@test.example', inactive.login]) await time(email);
      const samples = { known: [] as number[], unknown: [] as number[], inactive: [] as number[] };
      for (let round = 0; round < 9; round++) {
        t.clock.advance(61_000); // every round mails the known user again
        const order = [
          ['known', known.login],
          ['unknown', `ghost-${round}@test.example`],
          ['inactive', inactive.login],
        ] as const;
        // Interleaved, in a rotating order, so a slow moment of the machine hits all three alike.
        for (let i = 0; i < 3; i++) {
          const [kind, email] = order[(round + i) % 3]!;
          samples[kind].push(await time(email));
        }
      }
      const base = median(samples.unknown);
      for (const kind of ['known', 'inactive'] as const) {
        const ratio = median(samples[kind]) / base;
        expect(
          ratio,
          `${kind} vs unknown: ${samples[kind].map((x) => x.toFixed(1)).join(', ')}`,
        ).toBeGreaterThan(0.2);
        expect(ratio, `${kind} vs unknown`).toBeLessThan(5);
      }
      expect(mailsTo(known.login).length).toBeGreaterThanOrEqual(9);
      expect(mailsTo(inactive.login)).toEqual([]);
    } finally {
      t.mailer.send = send;
    }
  });

  it('a burst of 20 parallel requests for one address sends one mail', async () => {
    const user = await createUser(t.db, org.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => init(user.login)));
    expect(new Set(answers.map((r) => `${r.statusCode} ${r.body}`))).toEqual(new Set(['200 ']));
    await settle();
    expect(mailsTo(user.login)).toHaveLength(1);
  });

  it('one client address causes at most 20 reset mails an hour, whoever they go to, and is answered alike', async () => {
    const users = await Promise.all(Array.from({ length: 22 }, () => createUser(t.db, org.id)));
    const answers: Awaited<ReturnType<typeof init>>[] = [];
    for (const user of users) answers.push(await init(user.login, '10.45.0.1'));
    await settle();
    expect(answers.every((r) => r.statusCode === 200 && r.body === answers[0]!.body)).toBe(true);
    const mailed = users.filter((u) => mailsTo(u.login).length > 0);
    expect(mailed).toHaveLength(20);
    // Another address still gets its mails; so does this one once the hour has passed.
    const late = users.find((u) => mailsTo(u.login).length === 0)!;
    await init(late.login, '10.45.0.2');
    await settle();
    expect(mailsTo(late.login)).toHaveLength(1);
    t.clock.advance(60 * 60 * 1000 + 1000);
    const last = users.filter((u) => mailsTo(u.login).length === 0)[0]!;
    await init(last.login, '10.45.0.1');
    await settle();
    expect(mailsTo(last.login)).toHaveLength(1);
  });
});

describe('reset keys', () => {
  it('are 256 random bits, all different, and the database holds only their SHA-256', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(t.db, org.id)));
    for (const user of users) await init(user.login);
    await settle();
    const keys = users.map((u) => keyOf(mailsTo(u.login).at(-1)!.text));
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    }
    // No two keys share a long prefix, as a counter or a timestamp inside them would.
    const prefixes = new Set(keys.map((k) => k.slice(0, 6)));
    expect(prefixes.size).toBe(keys.length);
    const stored = await t.db.execute(sql`select key_hash from password_reset_keys`);
    const dump = JSON.stringify(stored.rows);
    for (const key of keys) expect(dump).not.toContain(key);
    expect(stored.rows.every((r) => /^[0-9a-f]{64}$/.test(String(r.key_hash)))).toBe(true);
  });

  it('a reset ends every session of the user, and the key then works for nothing', async () => {
    const user = await createUser(t.db, org.id);
    const sessions = [await loginAs(t.app, user), await loginAs(t.app, user), await loginAs(t.app, user)];
    await init(user.login);
    await settle();
    const key = keyOf(mailsTo(user.login).at(-1)!.text);
    const finish = (password: string) =>
      injectCall(t.app, finishPasswordResetCall, { body: { key, password, confirm: password } });
    expect((await finish('after-reset-1')).statusCode).toBe(200);
    for (const auth of sessions) {
      expect((await injectCall(t.app, getAccountCall, { headers: auth })).statusCode).toBe(401);
    }
    // Neither a second reset, nor the lookup, nor using the key as a bearer token.
    expect((await finish('after-reset-2')).json().code).toBe('error.user.resetKeyDoesNotExists');
    expect((await injectCall(t.app, getResetKeyUserCall, { params: { key } })).statusCode).toBe(400);
    const asToken = await injectCall(t.app, getAccountCall, { headers: { authorization: `Bearer ${key}` } });
    expect(asToken.statusCode).toBe(401);
    await expect(loginAs(t.app, user)).rejects.toThrow(/401/);
    await expect(loginAs(t.app, { ...user, password: 'after-reset-1' })).resolves.toBeDefined();
  });

  it('made-up keys, short, long or odd, all get an error body and never a login', async () => {
    const answers = await Promise.all(
      ['x', 'A'.repeat(43), 'a'.repeat(256), '..%2F..%2Fetc', "' or 1=1 --"].map((key) =>
        injectCall(t.app, getResetKeyUserCall, { params: { key } }),
      ),
    );
    for (const res of answers) {
      // 414 for a path longer than the router takes; otherwise the one "no such key" answer.
      expect([400, 414]).toContain(res.statusCode);
      expect(res.json().code).toMatch(/^error\.(user\.resetKeyDoesNotExists|validation)$/);
      expect(res.body).not.toContain('login');
    }
  });
});
