import {
  buildPath,
  type Credit,
  type CreditSortKey,
  creditSortKeySchema,
  listCreditsCall,
} from '@portal/contract';
import { priceCredit } from '@portal/pricing';
import { describe, expect, it, vi } from 'vitest';
import { buildTestApp, injectCall, loginAs } from '../../../test/app';
import { addParticipation } from '../../../test/credits-factories';
import { createCredits } from '../../../test/early-payment-factories';
import { createSupplier } from '../../../test/estimates-factories';
import { createCompany, createUser } from '../../../test/factories';

const t = await buildTestApp();
const supplier = await createSupplier(t.app, t.db);
const auth = await loginAs(t.app, supplier.user);

// Twelve credits whose keys repeat, so every sort key has ties that only the id can break.
const created = await createCredits(
  t.db,
  supplier.pp,
  Array.from({ length: 12 }, (_, i) => ({
    nfNumber: String(100 + ((i * 7) % 4)),
    nfSerial: String(1 + (i % 3)),
    buyerName: ['Beta S.A.', 'Alfa Ltda', 'Gama ME'][(i * 5) % 3]!,
    installmentNumber: 1 + (i % 2),
    // 2026-04-11 is a Saturday and settles with 2026-04-13: the same price for the same value.
    expireDate: ['2026-04-10', '2026-04-11', '2026-04-13', '2026-05-04'][(i * 3) % 4]!,
    originalValueCents: [1_000_000n, 250_050n, 1_000_000n, 1_000_000n, 99_999n][i % 5]!,
  })),
);
await createCredits(t.db, supplier.pp, [
  { originalValueCents: 100n, expireDate: '2026-04-10', status: 'REQUESTED' },
  { originalValueCents: 100n, expireDate: '2026-04-10', status: 'PAID' },
  { originalValueCents: 100n, expireDate: '2026-04-10', status: 'UNAVAILABLE' },
]);

/** The query as written, malformed ones included. */
const listUrl = (query: string, id = supplier.pp.id) =>
  `${buildPath(listCreditsCall, { programProviderId: id })}?${query}`;

async function list(query: string) {
  const res = await t.app.inject({ url: listUrl(query), headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    content: Credit[];
    number: number;
    size: number;
    last: boolean;
    totalElements: number;
  };
}

/** The value each key sorts on, from what the test created (the anticipation from the pricing engine). */
function sortValue(key: CreditSortKey, credit: (typeof created)[number]): string | number | bigint {
  const byKey = {
    nfNumber: credit.nfNumber,
    nfSerial: credit.nfSerial,
    'importedDocuments.buyer.name': credit.buyerName,
    installmentNumber: credit.installmentNumber,
    expireDate: credit.expireDate,
    value: credit.originalValueCents,
    'creditEstimate.total': priceCredit({
      valueCents: credit.originalValueCents,
      paymentDate: '2026-03-11',
      dueDate: credit.expireDate,
      program: {
        monthlyRate: '0.015',
        discountMode: 'simple',
        platformFee: '0',
        iofDaily: '0',
        iofFixed: '0',
        bankFeeCents: 0n,
      },
    }).anticipation,
  };
  return byKey[key];
}

function expectedIds(key: CreditSortKey, direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  return [...created]
    .sort((a, b) => {
      const [x, y] = [sortValue(key, a), sortValue(key, b)];
      return sign * (x < y ? -1 : x > y ? 1 : a.id - b.id);
    })
    .map((c) => c.id);
}

describe('GET credits/programProvider/:id paging', () => {
  it('answers page 0 with the default size of 30 and only the AVAILABLE credits', async () => {
    const page = await list('');
    expect(page).toMatchObject({ number: 0, size: 30, last: true, totalElements: 12 });
    expect(page.content.map((c) => c.id)).toEqual(expectedIds('expireDate', 'asc'));
  });

  it('pages with number, size, last and totalElements, and past the end answers an empty last page', async () => {
    const pages = [await list('page=0&size=5'), await list('page=1&size=5'), await list('page=2&size=5')];
    expect(
      pages.map(({ number, size, last, totalElements }) => ({ number, size, last, totalElements })),
    ).toEqual([
      { number: 0, size: 5, last: false, totalElements: 12 },
      { number: 1, size: 5, last: false, totalElements: 12 },
      { number: 2, size: 5, last: true, totalElements: 12 },
    ]);
    expect(pages.map((p) => p.content.length)).toEqual([5, 5, 2]);
    expect(pages.flatMap((p) => p.content.map((c) => c.id))).toEqual(expectedIds('expireDate', 'asc'));
    expect(await list('page=3&size=5')).toEqual({
      content: [],
      number: 3,
      size: 5,
      last: true,
      totalElements: 12,
    });
    expect((await list('page=0&size=12')).last).toBe(true);
    expect((await list('page=0&size=11')).last).toBe(false);
  });

  for (const key of creditSortKeySchema.options) {
    for (const direction of ['asc', 'desc'] as const) {
      it(`sorts by ${key},${direction} with ties broken by id the same way, across pages`, async () => {
        const ids = [];
        for (let page = 0; page < 3; page++) {
          const res = await list(`sort=${key},${direction}&size=5&page=${page}`);
          ids.push(...res.content.map((c) => c.id));
        }
        expect(ids).toEqual(expectedIds(key, direction));
      });
    }
  }

  it('plans each page statement once per session, and that plan answers every page of its order', async () => {
    // Pages of two orders at several offsets and sizes, one walked from the end: each the same rows as expected.
    for (const [key, direction] of [
      ['nfNumber', 'asc'],
      ['value', 'desc'],
    ] as const) {
      const ids = [];
      for (const query of ['size=5&page=0', 'size=5&page=1', 'size=5&page=2', 'size=12&page=0']) {
        ids.push(...(await list(`sort=${key},${direction}&${query}`)).content.map((c) => c.id));
      }
      expect(ids).toEqual([...expectedIds(key, direction), ...expectedIds(key, direction)]);
    }
    // Every connection of the page statements' pool (db/client.ts), each asked what it prepared.
    const pool = t.db.$pagePool;
    const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
    try {
      const statements = (
        await Promise.all(
          clients.map(async (client) => {
            const result = await client.query<{ name: string; generic: number; custom: number }>(
              `select name, generic_plans::int as generic, custom_plans::int as custom
               from pg_prepared_statements where name like 'credit_page_%'`,
            );
            return result.rows;
          }),
        )
      ).flat();
      expect(statements.length).toBeGreaterThan(0);
      expect(statements.filter((s) => s.custom > 0 || s.generic < 1)).toEqual([]);
    } finally {
      for (const client of clients) client.release();
    }
  });
});

describe('GET credits/programProvider/:id round trips', () => {
  it('a page asks PostgreSQL three statements: the token, the access check (with the offers), the page', async () => {
    // The SQL floor of docs/performance.md#sql-floor asks three: each statement more is a round trip per page.
    await list('page=0');
    await t.app.deps.background.drain(); // any pass the first page started, so none runs beside the counted one
    const sent: string[] = [];
    const count = (pool: { query: (...args: never[]) => unknown }) =>
      vi.spyOn(pool, 'query').mockName('query');
    const spies = [count(t.db.$client as never), count(t.db.$pagePool as never)];
    try {
      await list('page=0');
      for (const spy of spies) {
        for (const [config] of spy.mock.calls as unknown as [{ name?: string; text?: string } | string][]) {
          sent.push(typeof config === 'string' ? config : (config.name ?? config.text ?? '?'));
        }
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(sent.map((s) => s.replace(/^credit_page_.*/, 'credit_page_…'))).toEqual([
      'token_user',
      'caller_program_provider_offers',
      'credit_page_…',
    ]);
  });
});

describe('GET credits/programProvider/:id refusals', () => {
  const validation = (fieldErrors: { field: string; message: string }[]) => ({
    httpStatus: 400,
    message: 'error.validation',
    code: 'error.validation',
    fieldErrors,
    error_description: 'error.validation',
  });

  it.each([
    ['sort=foo,asc', 'sort', 'validation.sort.invalid'],
    ['sort=value', 'sort', 'validation.sort.invalid'],
    ['sort=value,up', 'sort', 'validation.sort.invalid'],
    ['sort=creditEstimate.total,ASC', 'sort', 'validation.sort.invalid'],
    ['size=0', 'size', 'validation.size.invalid'],
    ['size=101', 'size', 'validation.size.invalid'],
    ['size=abc', 'size', 'validation.size.invalid'],
    ['page=-1', 'page', 'validation.page.invalid'],
    ['page=1.5', 'page', 'validation.page.invalid'],
  ])('%s is 400 error.validation on %s', async (query, field, message) => {
    const res = await t.app.inject({ url: listUrl(query), headers: auth });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(validation([{ field, message }]));
  });

  it('a path id that is not an id is 400 on programProviderId', async () => {
    const res = await injectCall(t.app, listCreditsCall, {
      params: { programProviderId: 'abc' },
      headers: auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      validation([{ field: 'programProviderId', message: 'validation.id.invalid' }]),
    );
  });

  const notFound = {
    httpStatus: 404,
    message: 'error.notFound',
    code: 'error.notFound',
    fieldErrors: [],
    error_description: 'error.notFound',
  };

  it("another company's program provider, one that does not exist and a REMOVED one are the same 404", async () => {
    const other = await createSupplier(t.app, t.db);
    await createCredits(t.db, other.pp, [{ originalValueCents: 500_00n, expireDate: '2026-04-10' }]);
    const removed = await addParticipation(
      t.db,
      {
        organizationId: supplier.org.id,
        companyId: supplier.company.id,
        buyerId: supplier.buyer.id,
      },
      {},
      'REMOVED',
    );
    await createCredits(t.db, removed.pp, [{ originalValueCents: 500_00n, expireDate: '2026-04-10' }]);
    for (const id of [other.pp.id, 2_000_000_000, removed.pp.id]) {
      const res = await t.app.inject({ url: listUrl('', id), headers: auth });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
  });

  it('an INACTIVATED participation still lists its credits (the screen explains why they cannot be requested)', async () => {
    const inactive = await addParticipation(
      t.db,
      {
        organizationId: supplier.org.id,
        companyId: supplier.company.id,
        buyerId: supplier.buyer.id,
      },
      {},
      'INACTIVATED',
    );
    await createCredits(t.db, inactive.pp, [{ originalValueCents: 500_00n, expireDate: '2026-04-10' }]);
    const res = await t.app.inject({ url: listUrl('', inactive.pp.id), headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().totalElements).toBe(1);
  });

  it('needs a token (401) and ROLE_PROVIDER (403)', async () => {
    const anonymous = await t.app.inject({ url: listUrl('') });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('error.http.unauthorized');
    const company = await createCompany(t.db, supplier.org.id);
    const user = await createUser(t.db, supplier.org.id, {
      authorities: ['ROLE_USER'],
      companyIds: [company.id],
    });
    const res = await t.app.inject({ url: listUrl(''), headers: await loginAs(t.app, user) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      httpStatus: 403,
      message: 'error.http.forbidden',
      code: 'error.http.forbidden',
      fieldErrors: [],
      error_description: 'error.http.forbidden',
    });
  });
});
