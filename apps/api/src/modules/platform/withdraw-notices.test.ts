import { buildPath, type InboxPage, listInboxCall, withdrawCreditsCall } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, loginAs } from '../../../test/app';
import { credit, smallDocument } from '../../../test/import-documents';
import { machineToken } from '../../../test/machine-clients';
import { notificationPreferences, users } from '../../db/schema';
import { importDocument } from '../imports';

/*
 * What a withdrawal tells the suppliers (docs/product/platform-api.md#withdraw): one CREDITS_WITHDRAWN notice per
 * company and call, "N títulos retirados pelo sacado", written with the withdrawal, and one e-mail per user for
 * the call with a line per company, as an import tells new credits.
 */

const t = await buildTestApp();
// Acme's Supplier Ltda (c1) takes part in two programs (pp1, pp2); Segunda Ltda (c2) in one (pp3). Ana is in both
// companies, Bob (English) in Segunda only, Carla in Supplier with this e-mail turned off.
const doc = smallDocument();
const ana = doc.users[0]!;
doc.companies.push({
  ...doc.companies[0]!,
  ref: 'c2',
  name: 'Segunda Ltda',
  identification: '11444777000242',
});
doc.programs.push({ ...doc.programs[0]!, ref: 'p2', name: 'Programa Obras' });
doc.programProviders.push(
  { ...doc.programProviders[0]!, ref: 'pp2', program: 'p2' },
  { ...doc.programProviders[0]!, ref: 'pp3', company: 'c2' },
);
ana.companies = ['c1', 'c2'];
doc.users.push(
  // The import takes a langKey for a user (docs/import-format.md); the small document's literal type has none.
  Object.assign(
    { ...ana, email: 'bob@example.test', firstName: 'Bob', companies: ['c2'], defaultCompany: 'c2' },
    {
      langKey: 'en',
    },
  ),
  { ...ana, email: 'carla@example.test', firstName: 'Carla', companies: ['c1'] },
);
doc.credits.push(
  credit('a1', '100.00'),
  credit('a2', '200.00'),
  { ...credit('a3', '300.00'), programProvider: 'pp2' },
  { ...credit('b1', '400.00'), programProvider: 'pp3' },
  { ...credit('b2', '500.00'), programProvider: 'pp3' },
  { ...credit('u1', '50.00'), status: 'UNAVAILABLE' },
);
await importDocument(t.db, { ...doc, invites: [] }, { clock: t.clock, notify: false });

const [carla] = await t.db.select({ id: users.id }).from(users).where(eq(users.login, 'carla@example.test'));
await t.db
  .insert(notificationPreferences)
  .values({ userId: carla!.id, type: 'CREDITS_WITHDRAWN', email: false });

const client = await machineToken(t, 1, ['credits:write']);
const withdraw = (refs: string[], headers: Record<string, string> = client) =>
  t.app.inject({ method: 'POST', url: buildPath(withdrawCreditsCall), payload: { refs }, headers });

const inboxOf = async (login: string) => {
  const headers = await loginAs(t.app, { login, password: 'secret-pass', organization: 'acme' });
  const page = (await injectCall(t.app, listInboxCall, { headers })).json() as InboxPage;
  return page.content.map(({ type, title, message, batchId }) => ({ type, title, message, batchId }));
};
const mailJobs = async () => {
  const { rows } = await t.db.execute<{ priority: number }>(
    sql`select priority from pgboss.job where name = 'event-mail' order by created_on`,
  );
  return rows.map((row) => row.priority);
};

describe('a withdrawal told to the suppliers', () => {
  it('leaves one notice per company in each user’s inbox and one e-mail per user, a line per company', async () => {
    const res = await withdraw(['a1', 'a2', 'a3', 'b1', 'u1']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ withdrawn: 4, alreadyWithdrawn: 1 });

    const supplierNotice = {
      type: 'CREDITS_WITHDRAWN',
      title: '3 títulos retirados pelo sacado',
      message:
        'Os títulos da empresa Supplier Ltda não estão mais disponíveis para antecipação: o sacado os cancelou ou os pagou de outra forma.',
      batchId: null,
    };
    const segundaNotice = {
      type: 'CREDITS_WITHDRAWN',
      title: '1 título retirado pelo sacado',
      message:
        'O título da empresa Segunda Ltda não está mais disponível para antecipação: o sacado o cancelou ou o pagou de outra forma.',
      batchId: null,
    };
    expect(await inboxOf('supplier@example.test')).toEqual([segundaNotice, supplierNotice]);
    expect(await inboxOf('carla@example.test')).toEqual([supplierNotice]);
    expect(await inboxOf('bob@example.test')).toEqual([
      {
        type: 'CREDITS_WITHDRAWN',
        title: '1 invoice withdrawn by the buyer',
        message:
          'The invoice of Segunda Ltda is no longer on offer: the buyer cancelled it or paid it another way.',
        batchId: null,
      },
    ]);

    // Ana's one mail names both companies; Bob's his one; Carla turned this e-mail off. Bulk mail, as new credits.
    expect(await mailJobs()).toEqual([0, 0]);
    expect(await t.deliverMails()).toBe(2);
    const mails = Object.fromEntries(t.mailer.sent.map((mail) => [mail.to, mail]));
    expect(Object.keys(mails).sort()).toEqual(['bob@example.test', 'supplier@example.test']);
    expect(mails['supplier@example.test']!.subject).toBe('Títulos retirados pelo sacado – Acme Platform');
    expect(mails['supplier@example.test']!.text).toContain(
      'Supplier Ltda: 3 títulos retirados pelo sacado\nSegunda Ltda: 1 título retirado pelo sacado',
    );
    expect(mails['bob@example.test']!.subject).toBe('Invoices withdrawn by the buyer – Acme Platform');
    expect(mails['bob@example.test']!.text).toContain('Segunda Ltda: 1 invoice withdrawn by the buyer');
  });

  it('tells nothing of credits already withdrawn, of a replayed call, or of a refused one', async () => {
    const before = { ana: await inboxOf('supplier@example.test'), jobs: await mailJobs() };
    expect((await withdraw(['a1', 'b1'])).json()).toEqual({ withdrawn: 0, alreadyWithdrawn: 2 });
    const headers = { ...client, 'idempotency-key': 'notices-1' };
    expect((await withdraw(['b2'], headers)).json()).toEqual({ withdrawn: 1, alreadyWithdrawn: 0 });
    expect((await withdraw(['b2'], headers)).json()).toEqual({ withdrawn: 1, alreadyWithdrawn: 0 });
    expect((await withdraw(['a1', 'nowhere'])).statusCode).toBe(400);

    // Only the one call that withdrew something told anyone: Segunda's users, once.
    const ana = await inboxOf('supplier@example.test');
    expect(ana.slice(1)).toEqual(before.ana);
    expect(ana[0]!.title).toBe('1 título retirado pelo sacado');
    expect(await mailJobs()).toHaveLength(before.jobs.length + 2); // Ana's and Bob's
  });
});
