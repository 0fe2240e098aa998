import { creditPageSchema, getAccountCall, listCreditsCall } from '@portal/contract';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, injectCall, loginAs } from './app';
import { createCredits } from './early-payment-factories';
import { createSupplier } from './estimates-factories';

// The app as production runs it: answers written by fast-json-stringify with no zod check first
// (http/answer-serializer.ts). What a client receives must still be exactly the contract's encoding.
const t = await buildTestApp({ CHECK_ANSWERS: 'false' });

it('without the check, a credits page and the account are the contract’s bytes, and no more', async () => {
  const s = await createSupplier(t.app, t.db);
  const auth = await loginAs(t.app, s.user);
  await createCredits(t.db, s.pp, [
    { originalValueCents: 1_234_567n, expireDate: '2026-04-10', buyerName: 'Compradora "Sul" – São Paulo' },
    { originalValueCents: 100_000n, expireDate: '2026-05-04', orderDetail: 'null', kind: 'SERVICE' },
  ]);

  const page = await injectCall(t.app, listCreditsCall, {
    params: { programProviderId: s.pp.id },
    query: { page: 0, size: 30 },
    headers: auth,
  });
  expect(page.statusCode).toBe(200);
  expect(page.json().totalElements).toBe(2);
  // The same bytes zod's encode gives for what was received: its fields, order and numbers.
  expect(page.body).toBe(JSON.stringify(z.encode(creditPageSchema, page.json())));

  const account = await injectCall(t.app, getAccountCall, { headers: auth });
  expect(account.statusCode).toBe(200);
  expect(Object.keys(account.json())).toEqual(Object.keys(getAccountCall.response.shape));
  expect(account.body).not.toMatch(/hash|sealed|password/i);
});
