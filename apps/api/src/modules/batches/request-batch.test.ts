import { type ErrorCode, type Estimate, errorBody } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { batchesOf, liveCreditIds, postBatch, statusesOf } from '../../../test/batches-factories';
import { createCredits } from '../../../test/early-payment-factories';
import {
  addProgramProvider,
  createCreditIds,
  createSupplier,
  expectErrorBody as expectError,
  putEstimate,
} from '../../../test/estimates-factories';
import { batchAudit, credits } from '../../db/schema';

const t = await buildTestApp();

describe('POST batches/request', () => {
  it('claims the credits and freezes exactly the figures the estimate showed, with an audit row', async () => {
    const supplier = await createSupplier(t.app, t.db, {
      program: {
        platformFee: '0.005',
        iof: [{ validFrom: '2026-01-01', daily: '0.000082', fixed: '0.0038' }],
      },
    });
    const ids = await createCreditIds(t.db, supplier.pp, 3);
    const shown = await putEstimate(t.app, supplier.headers, ids);
    const estimate = shown.json() as Estimate;

    const res = await postBatch(t.app, supplier.headers, [ids[2]!, ids[0]!, ids[1]!]);
    expect(res.statusCode).toBe(200);
    const [batch] = await batchesOf(t.db, supplier.pp.id);
    expect(res.json()).toEqual({ id: batch!.id, value: estimate.total, daysToPay: 1 });
    expect(batch).toMatchObject({
      status: 'REQUESTED',
      companyId: supplier.company.id,
      userId: supplier.user.id,
      idempotencyKey: null,
      netValueCents: BigInt(Math.round(estimate.total * 100)),
      originalValueCents: 300_000n,
      paymentDate: '2026-03-11',
      daysToPay: 1,
      createdAt: t.clock.now(),
    });
    expect(batch!.estimate).toEqual(estimate);
    expect(await liveCreditIds(t.db, batch!.id)).toEqual(ids);
    expect(await statusesOf(t.db, ids)).toEqual(['REQUESTED', 'REQUESTED', 'REQUESTED']);

    const audit = await t.db.select().from(batchAudit).where(eq(batchAudit.batchId, batch!.id));
    expect(audit).toEqual([
      {
        id: expect.any(Number),
        batchId: batch!.id,
        userId: supplier.user.id,
        action: 'REQUESTED',
        ip: '127.0.0.1',
        creditIds: ids,
        figures: {
          date: '2026-03-11',
          daysToPay: 1,
          value: 3000,
          total: estimate.total,
          discount: estimate.discount,
          fees: 0,
          iof: estimate.iof,
          averageTimeframe: 30,
          effectiveMonthlyCost: estimate.effectiveMonthlyCost,
        },
        at: t.clock.now(),
      },
    ]);
  });

  it('mails the receipt in the user’s language, through the e-mail outbox', async () => {
    const portuguese = await createSupplier(t.app, t.db);
    const english = await createSupplier(t.app, t.db, { langKey: 'en' });
    const a = (
      await postBatch(t.app, portuguese.headers, await createCreditIds(t.db, portuguese.pp, 2))
    ).json();
    const b = (await postBatch(t.app, english.headers, await createCreditIds(t.db, english.pp, 1))).json();
    await t.deliverMails();
    const pt = t.mailer.sent.find((m) => m.to === portuguese.user.login)!;
    expect(pt.subject).toBe(`Solicitação de antecipação nº ${a.id} recebida – Test Platform`);
    expect(pt.text).toContain('Supplier Ltda');
    expect(pt.text).toContain('Programa Principal');
    expect(pt.text).toMatch(/Valor líquido a receber: R\$\s1\.970,00/);
    expect(pt.text).toContain('Data prevista de pagamento: 11/03/2026');
    expect(pt.text).toContain('Quantidade de títulos: 2');
    const en = t.mailer.sent.find((m) => m.to === english.user.login)!;
    expect(en.subject).toBe(`Early payment request #${b.id} received – Test Platform`);
    expect(en.text).toContain('Net amount to receive: R$985.00');
    expect(en.text).toContain('Expected payment date: 03/11/2026');
  });

  it('refuses a company that cannot anticipate, an inactive participation or program, and no bank account', async () => {
    const cases: [Parameters<typeof createSupplier>[2], ErrorCode][] = [
      [{ company: { canAnticipate: false } }, 'error.provider.cannotAnticipate'],
      [{ programProvider: { status: 'INACTIVATED' } }, 'error.provider.notActive'],
      [{ program: { active: false } }, 'error.request.batchDisabled'],
      [{ company: { bankAccount: null } }, 'error.bankAccount.empty'],
      [{ company: { bankCode: '  ' } }, 'error.bankAccount.empty'],
    ];
    for (const [options, code] of cases) {
      const supplier = await createSupplier(t.app, t.db, options);
      const ids = await createCreditIds(t.db, supplier.pp, 1);
      expectError(await postBatch(t.app, supplier.headers, ids), code);
      expect(await statusesOf(t.db, ids)).toEqual(['AVAILABLE']);
    }
  });

  it('requires the uploaded invoice of a SERVICE credit when the program says so', async () => {
    const supplier = await createSupplier(t.app, t.db, { program: { requireServiceInvoice: true } });
    const [goods, service, uploaded] = await createCredits(t.db, supplier.pp, [
      { originalValueCents: 100_000n, expireDate: '2026-04-10' },
      { originalValueCents: 100_000n, expireDate: '2026-04-10', kind: 'SERVICE' },
      { originalValueCents: 100_000n, expireDate: '2026-04-10', kind: 'SERVICE', invoiceUploaded: true },
    ]);
    expectError(
      await postBatch(t.app, supplier.headers, [goods!.id, service!.id]),
      'error.credit.invoiceRequired',
    );
    expect((await postBatch(t.app, supplier.headers, [goods!.id, uploaded!.id])).statusCode).toBe(200);
    const relaxed = await createSupplier(t.app, t.db);
    const [free] = await createCredits(t.db, relaxed.pp, [
      { originalValueCents: 100_000n, expireDate: '2026-04-10', kind: 'SERVICE' },
    ]);
    expect((await postBatch(t.app, relaxed.headers, [free!.id])).statusCode).toBe(200);
  });

  it('answers the credit-set errors of the estimate and claims nothing', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const other = await createSupplier(t.app, t.db);
    const second = await addProgramProvider(t.db, supplier);
    const [a, b] = await createCreditIds(t.db, supplier.pp, 2);
    const [elsewhere] = await createCreditIds(t.db, second, 1);
    const [theirs] = await createCreditIds(t.db, other.pp, 1);
    expectError(await postBatch(t.app, supplier.headers, [a!, 2_000_000_000]), 'error.credit.notfound');
    expectError(await postBatch(t.app, supplier.headers, [a!, theirs!]), 'error.request.wrongProvider');
    expectError(await postBatch(t.app, supplier.headers, [a!, elsewhere!]), 'error.request.multiplePrograms');
    expect(await statusesOf(t.db, [a!, b!, elsewhere!, theirs!])).toEqual(Array(4).fill('AVAILABLE'));
    expect((await postBatch(t.app, supplier.headers, [a!])).statusCode).toBe(200);
    expectError(await postBatch(t.app, supplier.headers, [a!, b!]), 'error.credit.notfound');
    expect(await statusesOf(t.db, [b!])).toEqual(['AVAILABLE']);
  });

  it('rolls back when the costs exceed a credit’s value (error.credit.invalid)', async () => {
    const supplier = await createSupplier(t.app, t.db, { program: { bankFeeCents: 350n } });
    const [big] = await createCreditIds(t.db, supplier.pp, 1);
    const [tiny] = await createCredits(t.db, supplier.pp, [
      { originalValueCents: 100n, expireDate: '2026-04-10' },
    ]);
    expectError(await postBatch(t.app, supplier.headers, [big!, tiny!.id]), 'error.credit.invalid');
    expect(await statusesOf(t.db, [big!, tiny!.id])).toEqual(['AVAILABLE', 'AVAILABLE']);
    expect(await batchesOf(t.db, supplier.pp.id)).toEqual([]);
  });

  it('turns a violation of the one-live-batch index into a clean 400 and keeps everything as it was', async () => {
    const supplier = await createSupplier(t.app, t.db);
    const [a, b] = await createCreditIds(t.db, supplier.pp, 2);
    const first = (await postBatch(t.app, supplier.headers, [a!])).json();
    // A manual edit that forgets the live batch: the claim succeeds, the unique index still refuses it.
    await t.db.update(credits).set({ status: 'AVAILABLE' }).where(eq(credits.id, a!));
    expectError(await postBatch(t.app, supplier.headers, [a!, b!]), 'error.credit.notfound');
    expect(await statusesOf(t.db, [a!, b!])).toEqual(['AVAILABLE', 'AVAILABLE']);
    expect((await batchesOf(t.db, supplier.pp.id)).map((x) => x.id)).toEqual([first.id]);
    expect(await liveCreditIds(t.db, first.id)).toEqual([a]);
  });

  it('answers 401 without a token and validates the body', async () => {
    const supplier = await createSupplier(t.app, t.db);
    expect((await postBatch(t.app, {}, [1])).statusCode).toBe(401);
    const res = await postBatch(t.app, supplier.headers, []);
    expect(res.json()).toEqual(
      errorBody('error.validation', [{ field: 'body', message: 'validation.ids.required' }]),
    );
  });
});
