import { errorBody, listActiveNotificationsCall } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, loginAs, TEST_NOW } from '../../../test/app';
import { createBuyer, createProgram, createProgramProvider } from '../../../test/early-payment-factories';
import { createCompany, createOrganization, createUser } from '../../../test/factories';
import { createNotification } from '../../../test/notifications-factories';

const t = await buildTestApp();
const org = await createOrganization(t.db);
const company = await createCompany(t.db, org.id);
const otherCompany = await createCompany(t.db, org.id, { name: 'Outra Ltda' });
const buyer = await createBuyer(t.db, org.id);
const program = await createProgram(t.db, org.id, buyer.id);
const otherProgram = await createProgram(t.db, org.id, buyer.id, { name: 'Outro' });
const inactive = await createProgram(t.db, org.id, buyer.id, { name: 'Inativo' });
const removed = await createProgram(t.db, org.id, buyer.id, { name: 'Removido' });
for (const [p, c, status] of [
  [program, company, 'ACTIVATED'],
  [inactive, company, 'INACTIVATED'],
  [removed, company, 'REMOVED'],
  [otherProgram, otherCompany, 'ACTIVATED'],
] as const) {
  await createProgramProvider(t.db, { organizationId: org.id, programId: p.id, companyId: c.id, status });
}

const at = (minutes: number) => new Date(TEST_NOW.getTime() + minutes * 60_000);
const notice = (programId: number, activeFrom: Date, activeUntil: Date | null, extra: object = {}) =>
  createNotification(t.db, { organizationId: org.id, programId, activeFrom, activeUntil, ...extra });

const started = await notice(program.id, at(-60), null, {
  type: 'WARNING',
  title: 'Manutenção',
  message: 'Sistema em manutenção às 22h',
});
const startsNow = await notice(program.id, at(0), at(60), {
  type: 'ERROR',
  title: 'Falha',
  message: 'Instável',
});
const endsNow = await notice(program.id, at(-120), at(0));
const future = await notice(program.id, at(30), null);
await notice(otherProgram.id, at(-60), null);
const inactiveNotice = await notice(inactive.id, at(-60), null);
await notice(removed.id, at(-60), null);

const user = await createUser(t.db, org.id, { companyIds: [company.id] });
const auth = await loginAs(t.app, user);
const list = (programId: number, headers: Record<string, string> = auth) =>
  injectCall(t.app, listActiveNotificationsCall, { params: { id: programId }, headers });
const ids = async (programId: number) => (await list(programId)).json().map((n: { id: number }) => n.id);

describe('GET notifications/programs/:id/active', () => {
  it('answers the program’s notifications active now: started, not ended, open-ended included', async () => {
    const res = await list(program.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: started.id, type: 'WARNING', title: 'Manutenção', message: 'Sistema em manutenção às 22h' },
      { id: startsNow.id, type: 'ERROR', title: 'Falha', message: 'Instável' },
    ]);
    expect(endsNow.id).not.toBe(started.id);
  });

  it('moves with the server clock', async () => {
    t.clock.set(at(30));
    expect(await ids(program.id)).toEqual([started.id, startsNow.id, future.id]);
    t.clock.set(at(60));
    expect(await ids(program.id)).toEqual([started.id, future.id]);
    t.clock.set(at(-90));
    expect(await ids(program.id)).toEqual([endsNow.id]);
    t.clock.set(TEST_NOW);
  });

  it('answers an INACTIVATED participation’s program too', async () => {
    expect(await ids(inactive.id)).toEqual([inactiveNotice.id]);
  });

  it('answers 404 for a program the default company does not take part in, a REMOVED one, or none', async () => {
    for (const id of [otherProgram.id, removed.id, 999999]) {
      const res = await list(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(errorBody('error.program.notFound'));
    }
  });

  it('answers 404 to another company’s user, 403 without ROLE_PROVIDER, 401 without a token', async () => {
    const outsider = await createUser(t.db, org.id, { companyIds: [otherCompany.id] });
    const res = await list(program.id, await loginAs(t.app, outsider));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(errorBody('error.program.notFound'));
    const consult = await createUser(t.db, org.id, { authorities: ['ROLE_USER'], companyIds: [company.id] });
    const forbidden = await list(program.id, await loginAs(t.app, consult));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual(errorBody('error.http.forbidden'));
    const anonymous = await list(program.id, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(errorBody('error.http.unauthorized'));
  });

  it('rejects an id that is not one', async () => {
    const res = await injectCall(t.app, listActiveNotificationsCall, {
      params: { id: 'abc' },
      headers: auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      errorBody('error.validation', [{ field: 'id', message: 'validation.id.invalid' }]),
    );
  });
});
