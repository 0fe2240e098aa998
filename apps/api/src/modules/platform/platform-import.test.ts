import { buildPath, errorBody, platformImportCall } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, loginAs } from '../../../test/app';
import { machineToken } from '../../../test/machine-clients';
import { credits } from '../../db/schema';
import { importDocument } from '../../ops/import';
import { credit, smallDocument } from '../../ops/import/test-helpers';

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
});
