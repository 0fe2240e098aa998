import { createQuoteCall, listPlatformEventsCall } from '@portal/contract';
import { expect } from 'vitest';
import { injectCall, type TestApp } from './app';
import { createCredits } from './early-payment-factories';
import type { Supplier } from './estimates-factories';

/*
 * Quotes for the tests (docs/product/auction.md): the supplier's invoices put to the program's funders, and what
 * a funder's feed then carries.
 */

/**
 * New invoices of the supplier (each `originalValueCents`, due `expireDate`, with `ref` when given) put to the
 * funders: the quote's id (it answered 201) and the invoices' ids.
 */
export async function putToFunders(
  t: TestApp,
  supplier: Supplier,
  invoices: { originalValueCents: bigint; expireDate: string; ref?: string }[],
): Promise<{ id: number; ids: number[] }> {
  const ids = (await createCredits(t.db, supplier.pp, invoices)).map((credit) => credit.id);
  const res = await injectCall(t.app, createQuoteCall, {
    headers: supplier.headers,
    body: { creditIds: ids },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as number, ids };
}

/** The events in a platform or funder client's feed, oldest first. */
export async function feedOf(t: TestApp, headers: Record<string, string>) {
  const res = await injectCall(t.app, listPlatformEventsCall, { headers, query: {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content as { type: string; data: Record<string, unknown> }[];
}
