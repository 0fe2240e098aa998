import {
  errorBody,
  estimateCreditsCall,
  estimateProgramProviderCall,
  getDefaultCompanyCall,
  listCreditsCall,
  listMyCompaniesCall,
  listMyProgramsCall,
  listNextCreditsCall,
  type QueryOf,
  requestBatchCall,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall, loginAs } from '../../../test/app';
import { createCredits } from '../../../test/early-payment-factories';
import { createSupplier } from '../../../test/estimates-factories';

/*
 * Eligibility end to end (docs/import-format.md, minDaysToMaturity): a credit is offered only while at least
 * minDaysToMaturity days separate the payment date of a request made now from its due date (moved to the
 * next business day). The organization here opens on business days 08:00–18:00; programs pay in 1 business
 * day. Each case moves the clock and reads every place a credit is offered or counted.
 */

const t = await buildTestApp();

const at = (instant: string) => t.clock.set(new Date(instant));

/** A supplier with credits due on `dueDates`, logged in at `instant` (the clock stays there). */
async function supplierAt(instant: string, dueDates: string[], program: { minDaysToMaturity?: number } = {}) {
  at(instant);
  const s = await createSupplier(t.app, t.db, { program: program });
  const auth = await loginAs(t.app, s.user);
  // R$ 1.000,00 each, so an available value counts the eligible credits.
  const created = await createCredits(
    t.db,
    s.pp,
    dueDates.map((expireDate) => ({ originalValueCents: 100_000n, expireDate })),
  );
  const idOf = new Map(created.map((c) => [c.expireDate, c.id]));
  const get = async (sent: ReturnType<typeof injectCall>) => {
    const res = await sent;
    expect(res.statusCode, res.raw.req.url).toBe(200);
    return res.json();
  };
  const credits = (query: QueryOf<typeof listCreditsCall>) =>
    injectCall(t.app, listCreditsCall, { params: { programProviderId: s.pp.id }, query, headers: auth });
  /** What the supplier is offered at the clock's instant, from every call that offers or counts credits. */
  const offered = async () => {
    const page = await get(credits({ sort: 'expireDate,asc', size: 100 }));
    const late = await get(credits({ sort: 'expireDate,desc', size: 1, page: 1 }));
    const [program] = await get(injectCall(t.app, listMyProgramsCall, { headers: auth }));
    const [company] = await get(injectCall(t.app, listMyCompaniesCall, { headers: auth }));
    const modalCompany = await get(injectCall(t.app, getDefaultCompanyCall, { headers: auth }));
    const next = await get(injectCall(t.app, listNextCreditsCall, { query: { limit: 50 }, headers: auth }));
    const all = await injectCall(t.app, estimateProgramProviderCall, {
      params: { id: s.pp.id },
      headers: auth,
    });
    return {
      listed: (page.content as { expireDate: string }[]).map((c) => c.expireDate),
      totalElements: page.totalElements,
      // The second page of one walked from the end of the index: the exact count is what places it.
      secondFromEnd: (late.content as { expireDate: string }[]).map((c) => c.expireDate),
      values: [program.value, company.value, modalCompany.value],
      next: (next as { expireDate: string }[]).map((c) => c.expireDate),
      estimateAll: all.statusCode === 200 ? all.json().value : all.json(),
    };
  };
  const estimate = (dueDate: string) =>
    injectCall(t.app, estimateCreditsCall, { headers: auth, body: [idOf.get(dueDate)!] });
  const request = (dueDate: string) =>
    injectCall(t.app, requestBatchCall, { headers: auth, body: [idOf.get(dueDate)!] });
  return { offered, estimate, request, idOf };
}

const refusalOf = (id: number | undefined) => ({
  ...errorBody('error.credit.invalid'),
  fieldErrors: [{ field: String(id), message: 'error.credit.invalid' }],
});

describe('eligibility follows the payment date of a request made now', () => {
  // Thu 12, Fri 13, Sat 14, Sun 15, Mon 16, Tue 17 March 2026.
  const dueDates = [
    '2026-03-11',
    '2026-03-12',
    '2026-03-13',
    '2026-03-14',
    '2026-03-16',
    '2026-03-17',
    '2026-04-30',
  ];

  it('at 17:59 on Thursday: paid Friday, so credits due Friday or before are not offered anywhere', async () => {
    const s = await supplierAt('2026-03-12T17:59:00-03:00', dueDates);
    expect(await s.offered()).toEqual({
      // Due Sat 14 settles on Mon 16: 3 days after Friday's payment.
      listed: ['2026-03-14', '2026-03-16', '2026-03-17', '2026-04-30'],
      totalElements: 4,
      secondFromEnd: ['2026-03-17'],
      values: [4000, 4000, 4000],
      next: ['2026-03-14', '2026-03-16', '2026-03-17', '2026-04-30'],
      estimateAll: 4000,
    });
    const friday = await s.estimate('2026-03-13');
    expect([friday.statusCode, friday.json()]).toEqual([400, refusalOf(s.idOf.get('2026-03-13'))]);
    const refused = await s.request('2026-03-13');
    expect([refused.statusCode, refused.json()]).toEqual([400, refusalOf(s.idOf.get('2026-03-13'))]);
    const saturday = await s.estimate('2026-03-14');
    expect([saturday.statusCode, saturday.json().date, saturday.json().creditEstimates[0].days]).toEqual([
      200,
      '2026-03-13',
      3,
    ]);
    expect((await s.request('2026-03-14')).statusCode).toBe(200);
  });

  it('at 18:01 on Thursday the window has closed: a request is taken Friday and paid Monday', async () => {
    const s = await supplierAt('2026-03-12T18:01:00-03:00', dueDates);
    expect(await s.offered()).toEqual({
      listed: ['2026-03-17', '2026-04-30'],
      totalElements: 2,
      secondFromEnd: ['2026-03-17'],
      values: [2000, 2000, 2000],
      next: ['2026-03-17', '2026-04-30'],
      estimateAll: 2000,
    });
    const monday = await s.estimate('2026-03-16');
    expect([monday.statusCode, monday.json()]).toEqual([400, refusalOf(s.idOf.get('2026-03-16'))]);
    // The estimate of an offered credit shows what a request can really get: Monday's payment date.
    const tuesday = await s.estimate('2026-03-17');
    expect([tuesday.json().date, tuesday.json().creditEstimates[0].days]).toEqual(['2026-03-16', 1]);
    const closed = await s.request('2026-03-17');
    expect([closed.statusCode, closed.json()]).toEqual([400, errorBody('error.operation.closed')]);
  });

  it('on Saturday a request waits for Monday and is paid Tuesday', async () => {
    const s = await supplierAt('2026-03-14T10:00:00-03:00', dueDates);
    const { listed, values } = await s.offered();
    expect({ listed, values }).toEqual({ listed: ['2026-04-30'], values: [1000, 1000, 1000] });
  });

  it('before Carnival: paid on Ash Wednesday at 17:59 on Friday, on Thursday at 18:01', async () => {
    // Fri 13 Feb 2026; Carnival Mon 16 and Tue 17; Wed 18, Thu 19, Fri 20.
    const s = await supplierAt('2026-02-13T17:59:00-03:00', [
      '2026-02-16',
      '2026-02-18',
      '2026-02-19',
      '2026-02-20',
      '2026-02-23',
    ]);
    expect((await s.offered()).listed).toEqual(['2026-02-19', '2026-02-20', '2026-02-23']);
    at('2026-02-13T18:01:00-03:00');
    expect((await s.offered()).listed).toEqual(['2026-02-20', '2026-02-23']);
  });

  it('a program asking for more days to maturity offers fewer credits', async () => {
    // Tue 10 March, 10:00: paid Wed 11; at least 5 days: Sat 14 settles on Mon 16 (5 days), Fri 13 does not.
    const s = await supplierAt('2026-03-10T10:00:00-03:00', dueDates, { minDaysToMaturity: 5 });
    const { listed, totalElements } = await s.offered();
    expect({ listed, totalElements }).toEqual({
      listed: ['2026-03-14', '2026-03-16', '2026-03-17', '2026-04-30'],
      totalElements: 4,
    });
  });
});
