import { errorBody } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { postBatch, statusesOf } from '../../../test/batches-factories';
import { createCreditIds, createSupplier, type SupplierOptions } from '../../../test/estimates-factories';

const t = await buildTestApp();

/** A fresh supplier logged in at `now` (São Paulo time) requesting one credit at that instant. */
async function requestAt(now: string, options: SupplierOptions = {}) {
  t.clock.set(new Date(now));
  const supplier = await createSupplier(t.app, t.db, options);
  const ids = await createCreditIds(t.db, supplier.pp, 1, '2026-08-14');
  const res = await postBatch(t.app, supplier.headers, ids);
  return { status: res.statusCode, body: res.json(), credit: (await statusesOf(t.db, ids))[0] };
}

const closed = { status: 400, body: errorBody('error.operation.closed'), credit: 'AVAILABLE' };

describe('operating window (docs/product): business days, 08:00 to anticipationMaxTime, inclusive', () => {
  it('is closed at 07:59 and open at 08:00', async () => {
    expect(await requestAt('2026-03-10T07:59:00-03:00')).toEqual(closed);
    expect(await requestAt('2026-03-10T08:00:00-03:00')).toMatchObject({ status: 200, credit: 'REQUESTED' });
  });

  it('is open at 18:00 (to the last second of that minute) and closed at 18:01', async () => {
    expect(await requestAt('2026-03-10T18:00:00-03:00')).toMatchObject({ status: 200 });
    expect(await requestAt('2026-03-10T18:00:59-03:00')).toMatchObject({ status: 200 });
    expect(await requestAt('2026-03-10T18:01:00-03:00')).toEqual(closed);
  });

  it('reads the clock in the organization’s zone, not UTC', async () => {
    // 10:30 UTC is 07:30 in São Paulo; 21:00 UTC is 18:00.
    expect(await requestAt('2026-03-10T10:30:00Z')).toEqual(closed);
    expect(await requestAt('2026-03-10T21:00:00Z')).toMatchObject({ status: 200 });
  });

  it('is closed all day on a Saturday and on a national holiday (Tiradentes, Tue 2026-04-21)', async () => {
    expect(await requestAt('2026-03-14T10:00:00-03:00')).toEqual(closed);
    expect(await requestAt('2026-04-21T10:00:00-03:00')).toEqual(closed);
    expect(await requestAt('2026-02-17T10:00:00-03:00')).toEqual(closed); // Carnival Tuesday
  });

  it('closes at the program’s own anticipationMaxTime', async () => {
    const early = { program: { anticipationMaxTime: '16:30' } };
    expect(await requestAt('2026-03-10T16:30:00-03:00', early)).toMatchObject({ status: 200 });
    expect(await requestAt('2026-03-10T16:31:00-03:00', early)).toEqual(closed);
  });

  it('opens at the organization’s calendar_open', async () => {
    const late = { organization: { calendarOpen: '09:30' } };
    expect(await requestAt('2026-03-10T09:29:00-03:00', late)).toEqual(closed);
    expect(await requestAt('2026-03-10T09:30:00-03:00', late)).toMatchObject({ status: 200 });
  });

  it('is open at any hour of any day for an organization open 00:00 to 23:59 every day', async () => {
    const always = {
      organization: { calendarOpen: '00:00', businessDaysOnly: false },
      program: { anticipationMaxTime: '23:59' },
    };
    for (const now of [
      '2026-03-14T03:00:00-03:00', // Saturday night
      '2026-04-21T23:59:00-03:00', // a holiday, last minute
      '2026-03-15T00:00:00-03:00', // Sunday midnight
    ]) {
      const result = await requestAt(now, always);
      expect(result).toMatchObject({ status: 200, credit: 'REQUESTED' });
    }
  });

  it('still pays on a bank business day when the organization opens on a holiday', async () => {
    const always = {
      organization: { calendarOpen: '00:00', businessDaysOnly: false },
      program: { anticipationMaxTime: '23:59' },
    };
    const result = await requestAt('2026-04-21T12:00:00-03:00', always);
    // Tue holiday + 1 business day = Wed 2026-04-22.
    expect(result.body).toMatchObject({ daysToPay: 1 });
    const [batch] = await t.db.query.batches.findMany({ where: (b, { eq }) => eq(b.id, result.body.id) });
    expect(batch!.paymentDate).toBe('2026-04-22');
  });
});
