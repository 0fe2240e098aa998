import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { type ImportFileInput, issueTokenCall, putOfferCall } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { funders } from '../apps/api/src/db/schema';
import { createMachineClient } from '../apps/api/src/modules/machine-clients/machine-clients';
import { sendCall } from './api-calls';
import { E2E_NOW, runDatabase, type World } from './data-fixtures';
import { checkScreen, expect, test } from './fixtures';
import { apiSession, isPhone, program } from './flow-fixtures';

/*
 * The supplier sees who pays (docs/product/requests.md#funder): in a program of the test's own that admits a
 * funder, whose client posts a standing offer below the program's own rate (as a funder does, through the
 * platform API), Ana makes one request at the funder's offer and one at the house's. The history (table on a
 * laptop, cards on a phone), its CSV and the request's page name the funder, and the buyer for the house.
 */

const PROGRAM = 'E2E Financiado';
const FUNDER = 'Banco Sul Fomento S.A.';

function fundedProgram(world: World): ImportFileInput {
  const programRef = `e2e-financiado-${world.tag}`;
  const participation = `e2e-alfa-financiado-${world.tag}`;
  const funderRef = `banco-sul-${world.tag}`;
  return {
    funders: [{ ref: funderRef, organization: 'demo', name: FUNDER, identification: '60701190000104' }],
    programs: [program(programRef, PROGRAM, { funders: [funderRef] })],
    programProviders: [
      {
        ref: participation,
        program: programRef,
        company: world.companyRef('alfa'),
        status: 'ACTIVATED',
        providerCanNotAnticipateHtml: null,
      },
    ],
    credits: [1, 2].map((n) => ({
      ref: `${participation}-${n}`,
      programProvider: participation,
      nfNumber: `88000${n}`,
      nfSerial: '1',
      installmentNumber: 1,
      orderDetail: null,
      issueDate: '2026-11-02',
      expireDate: '2026-12-28',
      originalValue: `${n}000.00`,
      kind: 'GOODS',
      status: 'AVAILABLE',
    })),
  } as ImportFileInput;
}

/**
 * The funder's client (`npm run ops -- client create --funder`, the ops command's own createMachineClient) posts
 * its offer: 1 % a month for any term, where the program asks 1.5 %.
 */
async function postFunderOffer(request: APIRequestContext, world: World) {
  const [funder] = await runDatabase()
    .select({ id: funders.id, organizationId: funders.organizationId })
    .from(funders)
    .where(eq(funders.ref, `banco-sul-${world.tag}`));
  const client = await createMachineClient(runDatabase(), {
    organizationId: funder!.organizationId,
    funderId: funder!.id,
    name: 'Banco Sul',
    scopes: ['offers:write'],
    now: new Date(E2E_NOW),
  });
  const token = await sendCall(request, issueTokenCall, {
    body: {
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.clientSecret,
    },
  });
  expect(token.status()).toBe(200);
  const offer = await sendCall(
    request,
    putOfferCall,
    {
      params: { programRef: `e2e-financiado-${world.tag}` },
      body: { bands: [{ upToDays: 3650, monthlyRate: '0.01' }], dailyCapacity: '1000000.00' },
    },
    { authorization: `Bearer ${(await token.json()).access_token}` },
  );
  expect(offer.status(), await offer.text()).toBe(200);
}

/**
 * Ana's two requests in the program: invoice 880001 (R$ 1.000,00) at the best offer, the funder's; 880002
 * (R$ 2.000,00) at the house's.
 */
async function twoRequests(request: APIRequestContext, world: World) {
  await postFunderOffer(request, world);
  const api = await apiSession(request, world.email.ana);
  const funded = await api.program(PROGRAM);
  const credits = await api.credits(funded.providerId, 2);
  const invoice = (nfNumber: string) => credits.find((credit) => credit.nfNumber === nfNumber)!.id;
  const funderId = await api.requestBatch([invoice('880001')]);
  const houseId = await api.requestBatch([invoice('880002')], 'house');
  const house = await api.detail(houseId);
  expect((await api.detail(funderId)).funder).toEqual({ name: FUNDER, house: false });
  expect(house.funder).toEqual({ name: house.buyerName, house: true });
  return { program: funded, funderId, houseId, buyer: house.buyerName };
}

const historyUrl = (program: { id: number; providerId: number }) =>
  `/anticipation/history?providerId=${program.providerId}&programId=${program.id}`;

/** A request's row on a laptop, its card on a phone. */
const requestItem = (page: Page, testInfo: TestInfo, id: number) =>
  page.locator(isPhone(testInfo) ? `li[data-batch="${id}"]` : `tr[data-batch="${id}"]`);

test('the history and the request page name who pays: the funder, or the buyer for the house', async ({
  page,
  request,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ users: ['ana'], extra: fundedProgram });
  const { program: funded, funderId, houseId, buyer } = await twoRequests(request, world);

  await loginAs(world.email.ana);
  await page.goto(historyUrl(funded));
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitações realizadas' })).toBeVisible();
  if (!isPhone(testInfo)) await expect(page.getByRole('columnheader', { name: 'Financiador' })).toBeVisible();
  await expect(requestItem(page, testInfo, funderId)).toContainText(FUNDER);
  await expect(requestItem(page, testInfo, houseId)).toContainText(buyer);
  await expect(requestItem(page, testInfo, houseId)).not.toContainText(FUNDER);
  // A card labels each fact; the table's column header does.
  if (isPhone(testInfo)) await expect(requestItem(page, testInfo, funderId)).toContainText('Financiador');
  await checkScreen(page, testInfo, 'history-funder-pt-BR');

  await page.getByRole('link', { name: new RegExp(`ver a solicitação nº ${funderId}$`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Solicitação nº ${funderId}` })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Valores da solicitação' });
  const funderFact = summary.getByRole('term').filter({ hasText: /^Financiador$/ });
  await expect(funderFact).toBeVisible();
  await expect(summary.getByRole('definition').filter({ hasText: FUNDER })).toHaveCount(1);
  await checkScreen(page, testInfo, 'request-funder-pt-BR');

  // The label in each language; the name is the funder's in all.
  const language = page.getByRole('combobox', { name: /^(Idioma|Language)$/ });
  for (const [locale, label] of [
    ['pt-PT', 'Financiador'],
    ['en', 'Funder'],
    ['en-ZA', 'Funder'],
  ] as const) {
    await language.selectOption(locale);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: FUNDER })).toHaveCount(1);
    await checkScreen(page, testInfo, `request-funder-${locale}`);
  }

  // The house's request names the buyer.
  await page.goto(`/anticipation/history/${houseId}`);
  await expect(page.getByRole('term').filter({ hasText: /^Funder$/ })).toBeVisible();
  const houseSummary = page.getByRole('definition');
  await expect(houseSummary.filter({ hasText: FUNDER })).toHaveCount(0);
  await expect(houseSummary.filter({ hasText: new RegExp(`^${buyer}$`) })).toHaveCount(2);

  await page.goto(historyUrl(funded));
  if (!isPhone(testInfo)) await expect(page.getByRole('columnheader', { name: 'Funder' })).toBeVisible();
  await expect(requestItem(page, testInfo, funderId)).toContainText(FUNDER);
  await checkScreen(page, testInfo, 'history-funder-en-ZA');
});

// The file is the server's answers written by the app: one viewport.
test('the history’s CSV has a column for who pays', { tag: '@one-viewport' }, async ({
  page,
  request,
  seed,
  loginAs,
}) => {
  const world = await seed({ users: ['ana'], extra: fundedProgram });
  const { program: funded, funderId, houseId, buyer } = await twoRequests(request, world);
  await loginAs(world.email.ana);
  await page.goto(historyUrl(funded));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const lines = (await readFile((await (await download).path()) ?? '', 'utf8'))
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(lines[0]).toBe(
    'Solicitação,Data,Títulos,Valor original,Valor líquido,Pagamento,Financiador,Situação',
  );
  // Newest first (made at the same instant: the higher id first): the house's request, then the funder's.
  const cells = lines.slice(1).map((line) => line.split(','));
  expect(cells.map((row) => [row[0], row[3], row[5], row[6], row[7]])).toEqual([
    [String(houseId), '2000.00', '2026-11-24', buyer, 'REQUESTED'],
    [String(funderId), '1000.00', '2026-11-24', FUNDER, 'REQUESTED'],
  ]);
});
