import { buildPath, errorBody, getInviteCall, platformImportCall } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, loginAs } from '../../../test/app';
import { credit, smallDocument } from '../../../test/import-documents';
import { machineToken } from '../../../test/machine-clients';
import { credits, platformReplies, users } from '../../db/schema';
import { sha256Hex } from '../../lib/crypto';
import { importDocument } from '../imports';

/*
 * POST /api/platform/v1/imports (docs/product/platform-api.md#imports) with a machine client's token: the
 * operator import's code confined to the client's organization, its errors, one transaction, Idempotency-Key,
 * and who may call it.
 */

const t = await buildTestApp();
// Two organizations, each with the small document's buyer, supplier, program and participation (refs alike).
const acmeDoc = smallDocument();
const otherDoc = smallDocument();
otherDoc.organizations[0]!.slug = 'other';
for (const kind of ['buyers', 'companies', 'users', 'programs', 'invites'] as const)
  for (const entry of otherDoc[kind]) entry.organization = 'other';
otherDoc.programProviders[0]!.ref = 'pp-other';
otherDoc.credits = [{ ...credit('k1', '10.00'), programProvider: 'pp-other' }];
otherDoc.users[0]!.email = 'supplier@other.test';
otherDoc.invites = [];
await importDocument(t.db, acmeDoc, { clock: t.clock, notify: false });
await importDocument(t.db, otherDoc, { clock: t.clock, notify: false });

const [acme, other] = [1, 2];
const importer = await machineToken(t, acme, ['imports:write']);
const url = buildPath(platformImportCall);

function post(body: unknown, headers: Record<string, string> = importer) {
  return t.app.inject({ method: 'POST', url, payload: body as object, headers });
}
const none = { created: 0, updated: 0 };
const counts = (patch: Record<string, { created: number; updated: number }>) => ({
  counts: {
    organizations: none,
    buyers: none,
    companies: none,
    funders: none,
    users: none,
    programs: none,
    programProviders: none,
    credits: none,
    notifications: none,
    invites: none,
    batches: none,
    ...patch,
  },
});
const feed = (...refs: string[]) => ({ credits: refs.map((ref) => credit(ref, '150.00')) });

describe('POST /api/platform/v1/imports', () => {
  it('loads credits into the client’s organization and answers the counts per kind', async () => {
    const res = await post(feed('n1', 'n2', 'k1'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(counts({ credits: { created: 2, updated: 1 } }));
  });

  it('refuses an entry that names another organization, before writing anything', async () => {
    const doc = { ...feed('n3'), buyers: [{ ...acmeDoc.buyers[0], organization: 'other' }] };
    const before = await t.db.$count(credits);
    const res = await post(doc);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      ...errorBody('error.import.invalid', [
        { field: 'buyers[0].organization', message: 'validation.invalid' },
      ]),
      error_description: `buyers[0].organization: an import of the platform API names its client's organization only, "acme"`,
    });
    expect(await t.db.$count(credits)).toBe(before);
  });

  it('resolves refs within the client’s organization: another organization’s participation is unknown', async () => {
    const res = await post({ credits: [{ ...credit('n4', '1.00'), programProvider: 'pp-other' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      ...errorBody('error.import.invalid', [
        { field: 'credits[0].programProvider', message: 'validation.invalid' },
      ]),
      error_description: 'credits[0].programProvider: no program provider with ref "pp-other"',
    });
  });

  it('takes the field error’s key from the refusal, never from words of the document quoted in it', async () => {
    const res = await post({
      credits: [{ ...credit('n4b', '1.00'), programProvider: 'validation.money.invalid' }],
    });
    expect(res.json()).toEqual({
      ...errorBody('error.import.invalid', [
        { field: 'credits[0].programProvider', message: 'validation.invalid' },
      ]),
      error_description:
        'credits[0].programProvider: no program provider with ref "validation.money.invalid"',
    });
  });

  it('names a schema error’s entry and catalogue key, and writes nothing of a file with one bad entry', async () => {
    const before = await t.db.$count(credits);
    const doc = { credits: [credit('n5', '10.00'), credit('n6', '12.345')] };
    const res = await post(doc);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      ...errorBody('error.import.invalid', [
        { field: 'credits[1].originalValue', message: 'validation.money.invalid' },
      ]),
      error_description:
        'credits[1].originalValue: validation.money.invalid: money must be a decimal string in reais with at most 2 decimals, e.g. "10000.00" (got "12.345")',
    });
    expect(await t.db.$count(credits)).toBe(before);
  });

  describe('people (the platform never sets a password, grants provider roles only; people arrive by invitation)', () => {
    const { password: _operatorsOnly, ...supplier } = acmeDoc.users[0]!;
    const userRow = async () =>
      (
        await t.db
          .select({ hash: users.passwordHash, authorities: users.authorities })
          .from(users)
          .where(eq(users.login, 'supplier@example.test'))
      )[0]!;

    it('refuses a user entry that sets a password, writing nothing of the document', async () => {
      const before = { user: await userRow(), credits: await t.db.$count(credits) };
      const res = await post({ ...feed('u1'), users: [{ ...supplier, password: 'taken-over' }] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        ...errorBody('error.import.invalid', [{ field: 'users[0].password', message: 'validation.invalid' }]),
        error_description:
          'users[0].password: an import of the platform API never sets a password: people arrive by invitation (an invites entry) and choose their own',
      });
      expect({ user: await userRow(), credits: await t.db.$count(credits) }).toEqual(before);
    });

    it('refuses a role other than ROLE_PROVIDER and ROLE_PROVIDER_CONSULT, naming it', async () => {
      for (const [authorities, j, role] of [
        [['ROLE_PROVIDER', 'ROLE_ADMIN'], 1, 'ROLE_ADMIN'],
        [['ROLE_USER', 'ROLE_PROVIDER'], 0, 'ROLE_USER'],
        [['ROLE_ORGANIZATION_SUPPORT'], 0, 'ROLE_ORGANIZATION_SUPPORT'],
      ] as const) {
        const res = await post({ users: [{ ...supplier, authorities }] });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          ...errorBody('error.import.invalid', [
            { field: `users[0].authorities[${j}]`, message: 'validation.invalid' },
          ]),
          error_description: `users[0].authorities[${j}]: an import of the platform API grants only ROLE_PROVIDER and ROLE_PROVIDER_CONSULT, not "${role}"`,
        });
      }
      expect((await userRow()).authorities).toEqual(['ROLE_USER', 'ROLE_PROVIDER']);
    });

    it('creates no one: a user entry for a new address is refused, pointing at invites', async () => {
      const res = await post({
        users: [{ ...supplier, email: 'Newcomer@Example.test', authorities: ['ROLE_PROVIDER'] }],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        ...errorBody('error.import.invalid', [{ field: 'users[0].email', message: 'validation.invalid' }]),
        error_description:
          'users[0].email: no user "newcomer@example.test" in organization "acme": an import of the platform API creates no one, people arrive by invitation (an invites entry)',
      });
    });

    it('updates an existing user without a password with provider roles: the password and sessions stay', async () => {
      const login = { login: 'supplier@example.test', password: 'secret-pass', organization: 'acme' };
      const session = await loginAs(t.app, login);
      const before = await userRow();
      const res = await post({
        users: [{ ...supplier, authorities: ['ROLE_PROVIDER', 'ROLE_PROVIDER_CONSULT'] }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(counts({ users: { created: 0, updated: 1 } }));
      expect(await userRow()).toEqual({ ...before, authorities: ['ROLE_PROVIDER', 'ROLE_PROVIDER_CONSULT'] });
      const account = await t.app.inject({ url: '/api/webapp/account', headers: session });
      expect(account.statusCode).toBe(200);
      await loginAs(t.app, login);
    });
  });

  it('mails each new OPEN invite its link through the mail queue; a closed one and a refused import mail no one', async () => {
    await t.deliverMails();
    t.mailer.sent.length = 0;
    const invite = (email: string, status: string) => ({
      organization: 'acme',
      company: 'c1',
      email,
      status,
      expiresAt: '2027-01-01T00:00:00-03:00',
    });
    const refused = await post({
      invites: [invite('lost@example.test', 'OPEN')],
      users: [{ ...acmeDoc.users[0], password: undefined, authorities: ['ROLE_ADMIN'] }],
    });
    expect(refused.statusCode).toBe(400);
    const res = await post({
      invites: [invite('Joana@Example.test', 'OPEN'), invite('done@example.test', 'CLOSED')],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(counts({ invites: { created: 2, updated: 0 } }));
    expect(t.mailer.sent).toEqual([]); // queued with the import, sent by the mail worker
    expect(await t.deliverMails()).toBe(1);
    expect(t.mailer.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      ['Joana@Example.test', 'Convite para acessar o portal Acme Platform'],
    ]);
    const link = t.mailer.sent[0]!.text.match(/https?:\/\/\S+\/accept-invite\/(\S+?)\?\S+/);
    expect(link?.[0]).toContain('companyName=Supplier%20Ltda&identification=11444777000161');
    const opened = await injectCall(t.app, getInviteCall, {
      params: { token: decodeURIComponent(link![1]!) },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ email: 'Joana@Example.test', status: 'OPEN' });
    expect(await t.deliverMails()).toBe(0); // once
  });

  it('refuses a document of the wrong shape with the import format’s words, as any other refusal', async () => {
    const refusal = (field: string, message: string, description: string) => ({
      ...errorBody('error.import.invalid', [{ field, message }]),
      error_description: description,
    });
    const before = await t.db.$count(credits);
    for (const [payload, expected] of [
      [
        '{"credits": null}',
        refusal(
          'credits',
          'validation.invalid',
          'credits: validation.invalid: not an accepted value (got null)',
        ),
      ],
      [
        '{"credit": []}',
        refusal(
          '(document)',
          'validation.unknownField',
          '(document): unknown key "credit" (validation.unknownField)',
        ),
      ],
      [
        '[]',
        refusal('(document)', 'validation.invalid', '(document): validation.invalid: not an accepted value'),
      ],
      [
        '{"credits": [{"ref\\u0000": "n9"}]}',
        refusal(
          'credits[0]',
          'validation.invalid',
          'credits[0]: the key "ref\\u0000" holds the character U+0000, which the portal cannot store (validation.invalid)',
        ),
      ],
      [
        `{"credits": [${JSON.stringify(credit('n9', '1.00'))}, {"ref": "n\\u0000"}]}`,
        refusal(
          'credits[1].ref',
          'validation.invalid',
          'credits[1].ref: validation.invalid: the text holds the character U+0000, which the portal cannot store',
        ),
      ],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...importer, 'content-type': 'application/json' },
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toEqual(expected);
    }
    expect(await t.db.$count(credits)).toBe(before);
  });

  it('replays the first answer for the same Idempotency-Key and body; another body under it is 422', async () => {
    const headers = { ...importer, 'idempotency-key': 'feed-2026-03-10' };
    const first = await post(feed('i1', 'i2'), headers);
    expect(first.json()).toEqual(counts({ credits: { created: 2, updated: 0 } }));
    const again = await post(feed('i1', 'i2'), headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json()); // not "2 updated": the import did not run again
    const conflict = await post(feed('i3'), headers);
    expect(conflict.statusCode).toBe(422);
    expect(conflict.json()).toEqual(errorBody('error.idempotency.conflict'));
    const parallel = await Promise.all(
      [1, 2, 3].map(() => post(feed('p1'), { ...importer, 'idempotency-key': 'parallel' })),
    );
    expect(parallel.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(parallel.map((r) => r.body)).size).toBe(1);
  });

  it('replays under the same Idempotency-Key the same JSON sent with its keys in another order', async () => {
    const headers = { ...importer, 'idempotency-key': 'feed-key-order', 'content-type': 'application/json' };
    const entry = credit('o2', '150.00');
    const reversed = Object.fromEntries(Object.entries(entry).reverse());
    const first = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: JSON.stringify({ credits: [entry] }),
    });
    expect(first.json()).toEqual(counts({ credits: { created: 1, updated: 0 } }));
    const again = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: `{"credits":[${JSON.stringify(reversed)}]}`,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const another = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: JSON.stringify({ credits: [entry, credit('o3', '1.00')] }),
    });
    expect(another.statusCode).toBe(422);
    expect(another.json()).toEqual(errorBody('error.idempotency.conflict'));
  });

  it('still replays a reply recorded before bodies were compared as values (its hash of the JSON as sent)', async () => {
    const key = 'feed-recorded-before';
    const headers = { ...importer, 'idempotency-key': key };
    const body = { credits: [credit('o4', '150.00')] };
    await post(body, headers);
    // As the reply was keyed then: the body serialised in its own key order, which here is not sorted.
    await t.db
      .update(platformReplies)
      .set({ requestHash: sha256Hex(JSON.stringify(body)) })
      .where(eq(platformReplies.idempotencyKey, key));
    const again = await post(body, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(counts({ credits: { created: 1, updated: 0 } }));
  });

  it('answers 401 without a token, 403 to a person’s token and 403 naming the scope a machine token lacks', async () => {
    expect((await post(feed('x1'), {})).json()).toEqual(errorBody('error.http.unauthorized'));
    const person = await loginAs(t.app, {
      login: 'supplier@example.test',
      password: 'secret-pass',
      organization: 'acme',
    });
    const byPerson = await post(feed('x1'), person);
    expect(byPerson.statusCode).toBe(403);
    expect(byPerson.json()).toEqual(errorBody('error.http.forbidden'));
    const reader = await post(feed('x1'), await machineToken(t, acme, ['batches:read', 'events:read']));
    expect(reader.statusCode).toBe(403);
    expect(reader.json()).toEqual({ ...errorBody('error.http.forbidden'), scope: 'imports:write' });
    expect(reader.headers['www-authenticate']).toBe(
      'Bearer error="insufficient_scope", scope="imports:write"',
    );
  });

  it('a client of another organization cannot reach this one’s participation by its ref', async () => {
    const res = await post(feed('o1'), await machineToken(t, other, ['imports:write']));
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe(
      'credits[0].programProvider: no program provider with ref "pp1"',
    );
  });

  // Values the columns, the calendar or the driver cannot hold answered 500 error.unknown before the contract bounded them.
  const past = {
    ref: 'r1',
    programProvider: 'pp1',
    credits: ['k1'],
    requestedBy: 'supplier@example.test',
    status: 'REQUESTED',
  };
  const notice = acmeDoc.notifications[0]!;
  const invite = acmeDoc.invites[0]!;
  it.each<[string, object, string, string]>([
    [
      'an installment number beyond int4',
      { credits: [{ ...credit('h1', '1.00'), installmentNumber: 2147483648 }] },
      'credits[0].installmentNumber',
      'validation.invalid: not an accepted value (got 2147483648)',
    ],
    [
      'a past request dated year 0001',
      { batches: [{ ...past, requestedAt: '0001-01-01T00:00:00Z' }] },
      'batches[0].requestedAt',
      'validation.instant.invalid: instants are ISO 8601 with an offset, e.g. "2026-01-01T00:00:00-03:00", from 1900-01-01 to 9999-12-31 in UTC (got "0001-01-01T00:00:00Z")',
    ],
    [
      'a notice from 0000-01-01',
      { notifications: [{ ...notice, ref: 'n9', activeFrom: '0000-01-01T00:00:00Z' }] },
      'notifications[0].activeFrom',
      'validation.instant.invalid: instants are ISO 8601 with an offset, e.g. "2026-01-01T00:00:00-03:00", from 1900-01-01 to 9999-12-31 in UTC (got "0000-01-01T00:00:00Z")',
    ],
    [
      'an invite expiring in year 10000 in UTC',
      { invites: [{ ...invite, expiresAt: '9999-12-31T23:59:59-12:00' }] },
      'invites[0].expiresAt',
      'validation.instant.invalid: instants are ISO 8601 with an offset, e.g. "2026-01-01T00:00:00-03:00", from 1900-01-01 to 9999-12-31 in UTC (got "9999-12-31T23:59:59-12:00")',
    ],
    [
      'a credit issued in year 0001',
      { credits: [{ ...credit('h2', '1.00'), issueDate: '0001-01-01' }] },
      'credits[0].issueDate',
      'validation.date.invalid: dates are YYYY-MM-DD, from 1900-01-01 to 9999-12-31 (got "0001-01-01")',
    ],
    [
      'an order detail of 2,000,000 characters',
      { credits: [{ ...credit('h3', '1.00'), orderDetail: 'x'.repeat(2_000_000) }] },
      'credits[0].orderDetail',
      `validation.text.max: too long (got "${'x'.repeat(56)}...)`,
    ],
  ])('answers 400 naming the entry, and writes nothing, for %s', async (_what, doc, field, reason) => {
    const before = await t.db.$count(credits);
    const res = await post(doc);
    expect(res.statusCode).toBe(400);
    const message = reason.slice(0, reason.indexOf(':'));
    expect(res.json()).toEqual({
      ...errorBody('error.import.invalid', [{ field, message }]),
      error_description: `${field}: ${reason}`,
    });
    expect(await t.db.$count(credits)).toBe(before);
  });

  it('refuses a program whose rates would price a credit due within a year below zero', async () => {
    // At 10 % a month, simple, a credit due 300 days after payment lost its whole value: the list showed it at
    // anticipation 0 and its estimate answered error.credit.invalid.
    const res = await post({ programs: [{ ...acmeDoc.programs[0], monthlyRate: '0.1' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      ...errorBody('error.import.invalid', [
        { field: 'programs[0].monthlyRate', message: 'validation.rates.tooHigh' },
      ]),
      error_description:
        'programs[0].monthlyRate: validation.rates.tooHigh: the costs of a credit due 365 days after its payment date (monthly rate × 365/30 + platform fee + daily IOF × 365 + fixed IOF, of every IOF entry) must be at most 90 % of its value, so no credit of R$ 0.20 or more is priced below zero',
    });
  });

  it('takes the edges of the range: 1900-01-01 and 9999-12-31, an instant on 9999-12-31 in UTC', async () => {
    const res = await post({
      credits: [{ ...credit('e1', '1.00'), issueDate: '1900-01-01', expireDate: '9999-12-31' }],
      invites: [{ ...invite, expiresAt: '9999-12-31T23:59:59Z' }],
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
