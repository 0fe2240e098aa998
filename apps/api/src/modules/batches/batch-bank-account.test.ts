import {
  buildPath,
  errorBody,
  getBatchCall,
  getBatchStatementCall,
  getPlatformBatchCall,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, injectCall } from '../../../test/app';
import { postBatch } from '../../../test/batches-factories';
import { createCreditIds, createSupplier } from '../../../test/estimates-factories';
import { machineToken } from '../../../test/machine-clients';
import { pdfText } from '../../../test/pdf-text';
import { importDocument } from '../imports/import-document';
import { settleBatch } from './settle-batch';

/*
 * A request keeps the bank account it was made with (docs/product/requests.md#bank-account): a change of the
 * company's account through the import (what `npm run ops -- import` and the platform's import run) moves no
 * request made before it. The detail, the statement and the platform's batch all answer the request's own.
 */

const t = await buildTestApp({}, { keepLogs: true });
const COMPANY = {
  name: 'Fornecedora Alfa Ltda',
  type: 'CORPORATION',
  identification: '11444777000161',
  canAnticipate: true,
} as const;
type Account = { bank: string; branch: string; account: string };
const OLD: Account = { bank: '237', branch: '0472', account: '0098765-4' };
const NEW: Account = { bank: '341', branch: '9876', account: '55443-2' };
const supplier = await createSupplier(t.app, t.db, {
  company: { ...COMPANY, bankCode: OLD.bank, bankBranch: OLD.branch, bankAccount: OLD.account },
});
const reader = await machineToken(t, supplier.org.id, ['batches:read']);

/** The company's account as the operator's import sets it (null removes it). */
async function importAccount(bankAccount: Account | null) {
  const company = { ref: supplier.company.ref, organization: supplier.org.slug, ...COMPANY, bankAccount };
  await importDocument(t.db, { companies: [company] }, { clock: t.clock, notify: false });
}

async function request(): Promise<number> {
  const res = await postBatch(t.app, supplier.headers, await createCreditIds(t.db, supplier.pp, 1));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

/** What the supplier (the detail, the statement's text) and the funder (the platform's batch) are told. */
async function shown(id: number) {
  const detail = await injectCall(t.app, getBatchCall, { params: { id }, headers: supplier.headers });
  const statement = await t.app.inject({
    url: buildPath(getBatchStatementCall, { id }),
    headers: supplier.headers,
  });
  const platform = await t.app.inject({ url: buildPath(getPlatformBatchCall, { id }), headers: reader });
  expect([detail.statusCode, statement.statusCode, platform.statusCode]).toEqual([200, 200, 200]);
  return {
    detail: detail.json().bankAccount,
    statement: await pdfText(statement.rawPayload),
    platform: platform.json().company.bankAccount,
  };
}

async function expectShown(id: number, account: Account, masked: string) {
  const { detail, statement, platform } = await shown(id);
  expect(detail).toBe(masked);
  expect(statement).toContain(`Conta bancária ${masked}`);
  expect(platform).toEqual(account);
}

let first: number;
let second: number;

describe('a request’s bank account', () => {
  it('stays the one it was made with when the company’s account changes; a new request takes the new one', async () => {
    first = await request();
    await expectShown(first, OLD, '237 / 0472 / ****65-4');

    await importAccount(NEW);
    second = await request();
    await expectShown(first, OLD, '237 / 0472 / ****65-4');
    await expectShown(second, NEW, '341 / 9876 / ****43-2');
  });

  it('stays through the settlement, and when the company’s account is removed (which refuses new requests)', async () => {
    await settleBatch(t.db, { batchId: first, to: 'PAID', paymentReference: 'E1', now: t.clock.now() });
    await importAccount(null);
    await expectShown(first, OLD, '237 / 0472 / ****65-4');
    await expectShown(second, NEW, '341 / 9876 / ****43-2');
    const refused = await postBatch(t.app, supplier.headers, await createCreditIds(t.db, supplier.pp, 1));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(errorBody('error.bankAccount.empty'));
  });

  it('is never written in a log line', () => {
    const lines = t.logLines.join('\n');
    expect(lines).toContain(buildPath(getPlatformBatchCall, { id: first }));
    for (const { account } of [OLD, NEW]) expect(lines).not.toContain(account);
  });

  it('is described in the OpenAPI document as the account the request was made with', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const answer = (path: string) =>
      doc.paths[path].get.responses['200'].content['application/json'].schema.properties;
    expect(answer('/api/platform/v1/batches/{id}').company.properties.bankAccount.description).toMatch(
      /^The account to pay: the company’s bank account this request was made with, frozen at request time\./,
    );
    expect(answer('/api/webapp/batches/{id}').bankAccount.description).toMatch(
      /^The bank account this request was made with \(frozen at request time/,
    );
  });
});
