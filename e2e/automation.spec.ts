import type { Locator, Page } from '@playwright/test';
import {
  createAutoRuleCall,
  createPlanCall,
  type Estimate,
  estimateCreditsCall,
  listAutoRuleRunsCall,
  listAutoRulesCall,
  type Plan,
  previewNewAutoRuleCall,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { autoRules } from '../apps/api/src/db/schema';
import { recordRun, runRule } from '../apps/api/src/modules/auto-rules/run-rule';
import { callOf, isCall } from './api-calls';
import { E2E_NOW, runDatabase } from './data-fixtures';
import { checkScreen, expect, test } from './fixtures';
import { apiSession, isPhone, openInvoices, simulateBar } from './flow-fixtures';

/*
 * The invoices page's planner and automatic rules (features/automation): a drawer opened from the page's
 * header. A rule is created with its preview on screen before it is saved, its runs are shown (made as the
 * scheduler makes them, through the API module's runRule and recordRun, on a connection to the run's
 * PostgreSQL, at the server's frozen clock), then it is paused, edited and deleted. The planner's answer opens
 * the simulation with its credits, whose way back keeps them selected for the supplier to change; an amount
 * the invoices cannot reach says how much they can. Each test owns
 * its data: a tagged copy of the demo users (`seed`).
 */

const PROGRAM = 'Horizonte Logística';

const money = (value: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value).replace(/\s/g, ' ');
const percent = (fraction: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 2 }).format(fraction);

/** The simulation's estimate of chosen invoices (the planner's own answer carries its estimate separately). */
const estimateAnswer = callOf(estimateCreditsCall);

const ascending = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

/** Text as read, the currency's no-break space as a plain one. */
const read = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s/g, ' ');

/** Opens the drawer from the invoices page's header. */
async function openDrawer(page: Page) {
  await page.getByRole('button', { name: 'Planejar e automatizar' }).click();
  const drawer = page.getByRole('dialog', { name: 'Planejar e automatizar' });
  await expect(drawer).toBeVisible();
  return drawer;
}

/** Two days of a rule: today's run takes its credits (a request), and an earlier day failed for the bank account. */
async function runTwoDays(ruleId: number) {
  // What the scheduler does at a rule's time: the API module's own functions, on the run's database.
  const db = runDatabase();
  const [rule] = await db.select().from(autoRules).where(eq(autoRules.id, ruleId));
  if (!rule) throw new Error(`rule ${ruleId} not found`);
  const now = new Date(E2E_NOW);
  await recordRun(db, rule, '2026-11-20', now, 'FAILED', 'error.bankAccount.empty');
  const today = await runRule(db, rule, '2026-11-23', now);
  expect(today).toMatchObject({ status: 'TAKEN', batchId: expect.any(Number) });
}

// What a rule does through its life is the same at any width, so the flow runs on one viewport
// (playwright.config.ts, @one-viewport); the next test holds its 375 px scan.
test(
  'a rule: created with its preview before saving, its runs, paused, edited and deleted',
  {
    tag: '@one-viewport',
  },
  async ({ page, request, seed, loginAs }, testInfo) => {
    // A rule's whole life, with three screens scanned: longer than most tests.
    test.setTimeout(90_000);
    const world = await seed({ users: ['ana'] });
    const api = await apiSession(request, world.email.ana);
    const program = await api.program(PROGRAM);
    await loginAs(world.email.ana);
    await openInvoices(page, PROGRAM);
    const drawer = await openDrawer(page);
    await expect(drawer.getByText('Nenhuma regra automática neste programa.')).toBeVisible();
    await checkScreen(page, testInfo, 'automation-drawer', { fullPage: false });

    // A new rule at 11:00 (the frozen clock says 10:00: the scheduler leaves it alone), of invoices due within
    // 90 days at most 3 % a month. The preview follows the draft, before anything is saved.
    await drawer.getByRole('button', { name: 'Nova regra' }).click();
    await expect(drawer.getByRole('heading', { name: 'Nova regra automática' })).toBeFocused();
    // The form has the drawer to itself.
    await expect(drawer.getByRole('heading', { name: 'Preciso de um valor até uma data' })).toBeHidden();
    const preview = drawer.getByTestId('rule-preview');
    await drawer.getByLabel('Horário').fill('11:00');
    await drawer.getByLabel('Custo efetivo máximo (% ao mês)').fill('3');
    const answered = page.waitForResponse(
      (response) =>
        isCall(previewNewAutoRuleCall, response) && response.request().postDataJSON()?.maxDays === 90,
    );
    await drawer.getByLabel('Vencimento até (dias)').fill('90');
    const { estimate } = (await (await answered).json()) as { estimate: Estimate | null };
    expect(estimate, 'the demo has invoices due within 90 days').not.toBeNull();
    const cost = estimate!.discount + estimate!.fees + estimate!.iof;
    await expect(preview.getByRole('definition')).toHaveText([
      String(estimate!.creditEstimates.length),
      money(estimate!.total),
      money(Math.round(cost * 100) / 100),
      estimate!.effectiveMonthlyCost === null ? 'não se aplica' : percent(estimate!.effectiveMonthlyCost),
    ]);
    await preview.scrollIntoViewIfNeeded();
    await checkScreen(page, testInfo, 'automation-rule-form', { fullPage: false });
    // A filter nothing passes: nothing to take now.
    await drawer.getByLabel('Vencimento a partir de (dias)').fill('80');
    await drawer.getByLabel('Vencimento até (dias)').fill('81');
    await drawer.getByLabel('Custo efetivo máximo (% ao mês)').fill('0,01');
    await expect(preview).toContainText('Nada a antecipar agora');
    await drawer.getByLabel('Vencimento a partir de (dias)').fill('');
    await drawer.getByLabel('Vencimento até (dias)').fill('90');
    await drawer.getByLabel('Custo efetivo máximo (% ao mês)').fill('3');
    await expect(preview.getByRole('definition').first()).toHaveText(
      String(estimate!.creditEstimates.length),
    );

    await drawer.getByRole('button', { name: 'Salvar regra' }).click();
    const created = page.getByRole('status').filter({ hasText: 'Regra das 11:00 criada.' });
    await expect(created).toBeVisible();
    await expect(drawer.getByRole('heading', { name: 'Preciso de um valor até uma data' })).toBeVisible();
    const card = drawer.getByRole('article', { name: 'Todo dia útil às 11:00' });
    await expect(card).toContainText(
      'Antecipa títulos com custo efetivo de até 3% ao mês e que vencem em até 90 dias.',
    );
    await expect(card).toContainText('Sem limite por dia.');
    await expect(card.getByTestId('rule-status')).toHaveText('Ativa');
    const [saved] = await api.read(listAutoRulesCall, { query: { programProviderId: program.providerId } });
    expect(saved).toMatchObject({
      time: '11:00',
      maxMonthlyCost: 3,
      minDays: null,
      maxDays: 90,
      active: true,
    });

    // Its runs, as the scheduler records them: today took invoices (a request), an earlier day failed.
    await runTwoDays(saved!.id);
    const runs = await api.read(listAutoRuleRunsCall, { params: { id: saved!.id } });
    const batchId = runs.find((run) => run.status === 'TAKEN')!.batchId!;
    await card.getByRole('button', { name: 'Execuções da regra das 11:00' }).click();
    const items = card.getByRole('listitem');
    await expect(items).toHaveText([
      `23/11/2026AntecipouSolicitação nº ${batchId}`,
      '20/11/2026FalhouCadastre uma conta bancária em Perfil > Conta bancária e faça a solicitação novamente.',
    ]);
    await expect(created).toBeHidden();
    await items.last().scrollIntoViewIfNeeded();
    await checkScreen(page, testInfo, 'automation-runs', { fullPage: false });

    // Pause: the badge says so, and so does the server.
    await card.getByRole('button', { name: 'Pausar a regra das 11:00' }).click();
    await expect(card.getByTestId('rule-status')).toHaveText('Pausada');
    await expect(card.getByRole('button', { name: 'Retomar a regra das 11:00' })).toBeVisible();
    expect(
      (await api.read(listAutoRulesCall, { query: { programProviderId: program.providerId } }))[0],
    ).toMatchObject({ id: saved!.id, active: false });

    // Edit: its settings in the form; 60 days and a daily limit instead.
    await card.getByRole('button', { name: 'Editar a regra das 11:00' }).click();
    await expect(drawer.getByRole('heading', { name: 'Editar a regra das 11:00' })).toBeFocused();
    await expect(drawer.getByLabel('Vencimento até (dias)')).toHaveValue('90');
    await expect(drawer.getByRole('switch', { name: 'Regra ativa' })).not.toBeChecked();
    await drawer.getByLabel('Vencimento até (dias)').fill('60');
    await drawer.getByLabel('Limite líquido por dia').fill('5000');
    await expect(preview).not.toContainText('Calculando');
    await drawer.getByRole('button', { name: 'Salvar regra' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Regra das 11:00 salva.' })).toBeVisible();
    await expect(card).toContainText('que vencem em até 60 dias.');
    await expect(card).toContainText(
      'No máximo R$ 5.000,00 líquidos por dia, os títulos mais baratos primeiro.',
    );
    await expect(card.getByTestId('rule-status')).toHaveText('Pausada');

    // Delete, after the confirmation ("keep" first).
    await card.getByRole('button', { name: 'Excluir a regra das 11:00' }).click();
    await expect(card.getByRole('button', { name: 'Manter regra' })).toBeFocused();
    await card.getByRole('button', { name: 'Sim, excluir' }).click();
    await expect(card).toBeHidden();
    await expect(drawer.getByText('Nenhuma regra automática neste programa.')).toBeVisible();
    expect(await api.read(listAutoRulesCall, { query: { programProviderId: program.providerId } })).toEqual(
      [],
    );

    // The request today's run made is an ordinary one, marked automatic.
    await page.goto(`/anticipation/history/${batchId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Solicitação nº ${batchId}` })).toBeVisible();
    await expect(page.getByText('Automática', { exact: true })).toBeVisible();
  },
);

// The phone's scan of the flow above, reached the short way: the rule saved through the API, its two days run
// as the scheduler runs them, and its card's runs opened on screen. (The drawer without rules is scanned at
// 375 px with the planner's refusal, below; the rule form in pt-PT.)
test(
  'at 375 px: a rule card with its runs',
  { tag: '@phone-only' },
  async ({ page, request, seed, loginAs }, testInfo) => {
    const world = await seed({ users: ['ana'] });
    const api = await apiSession(request, world.email.ana);
    const program = await api.program(PROGRAM);
    const rule = { programProviderId: program.providerId, time: '11:00', maxMonthlyCost: 3, maxDays: 90 };
    expect((await api.send(createAutoRuleCall, { body: rule })).status()).toBe(200);
    const [saved] = await api.read(listAutoRulesCall, { query: { programProviderId: program.providerId } });
    await runTwoDays(saved!.id);
    const runs = await api.read(listAutoRuleRunsCall, { params: { id: saved!.id } });
    const batchId = runs.find((run) => run.status === 'TAKEN')!.batchId!;

    await loginAs(world.email.ana);
    await openInvoices(page, PROGRAM);
    const drawer = await openDrawer(page);
    const card = drawer.getByRole('article', { name: 'Todo dia útil às 11:00' });
    await card.getByRole('button', { name: 'Execuções da regra das 11:00' }).click();
    const items = card.getByRole('listitem');
    await expect(items).toHaveText([
      `23/11/2026AntecipouSolicitação nº ${batchId}`,
      '20/11/2026FalhouCadastre uma conta bancária em Perfil > Conta bancária e faça a solicitação novamente.',
    ]);
    await items.last().scrollIntoViewIfNeeded();
    await checkScreen(page, testInfo, 'automation-runs', { fullPage: false });
  },
);

test('the planner opens the simulation with its invoices; an amount out of reach says how much can be reached', async ({
  page,
  seed,
  loginAs,
}, testInfo) => {
  const world = await seed({ users: ['ana'] });
  await loginAs(world.email.ana);
  await openInvoices(page, PROGRAM);
  // The drawer's button sits with the page's other actions, above the list, which keeps its place.
  await expect(page.getByRole('button', { name: 'Planejar e automatizar' })).toBeVisible();
  await checkScreen(page, testInfo, 'automation-invoices-header', { fullPage: false });
  let drawer = await openDrawer(page);

  // Far more than the program's invoices: the message carries what a request made now reaches by the date.
  await drawer.getByLabel('Valor líquido de que preciso').fill('99999999');
  await drawer.getByLabel('Até o dia').fill('2026-12-31');
  const refused = page.waitForResponse(callOf(createPlanCall));
  await drawer.getByRole('button', { name: 'Escolher os títulos' }).click();
  const answer = await refused;
  expect(answer.status()).toBe(400);
  const { params } = (await answer.json()) as { params: { reachable: number } };
  expect(params.reachable).toBeGreaterThan(0);
  await expect(drawer.getByTestId('plan-not-enough')).toHaveText(
    `Os títulos disponíveis não chegam a esse valor até essa data: o máximo possível é ${money(params.reachable)}.`,
  );
  // Shown in place only: no toast repeats it.
  await expect(page.getByRole('alert').filter({ hasText: 'Atenção' })).toHaveCount(0);
  await checkScreen(page, testInfo, 'automation-plan-not-enough', { fullPage: false });

  // Before the payment date nothing can be reached.
  await drawer.getByLabel('Até o dia').fill('2026-11-23');
  await drawer.getByRole('button', { name: 'Escolher os títulos' }).click();
  await expect(drawer.getByTestId('plan-not-enough')).toContainText(`o máximo possível é ${money(0)}.`);

  // An amount within reach: the simulation opens with the plan's invoices.
  await drawer.getByLabel('Valor líquido de que preciso').fill('3000');
  await drawer.getByLabel('Até o dia').fill('2026-12-31');
  const planned = page.waitForResponse(callOf(createPlanCall));
  let simulated = page.waitForResponse(estimateAnswer);
  await drawer.getByRole('button', { name: 'Escolher os títulos' }).click();
  const plan = (await (await planned).json()) as Plan;
  expect(plan.creditIds.length).toBeGreaterThan(0);
  await expect(page).toHaveURL(/\/anticipation\/simulation$/);
  const count = plan.creditIds.length;
  await expect(
    page.getByText(`${count} ${count === 1 ? 'título' : 'títulos'} do programa ${PROGRAM}`),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { name: `${count} ${count === 1 ? 'título' : 'títulos'} na simulação` }),
  ).toBeVisible();
  const net = await read(page.getByTestId('net-amount'));
  expect(Number(net.replace(/[^\d,]/g, '').replace(',', '.'))).toBeGreaterThanOrEqual(3000);
  const estimate = (await (await simulated).json()) as Estimate;
  expect(ascending(estimate.creditEstimates.map((credit) => credit.id))).toEqual(ascending(plan.creditIds));
  await expect(
    page.getByText(`Valor original (${count} ${count === 1 ? 'título' : 'títulos'})`),
  ).toBeVisible();
  await checkScreen(page, testInfo, 'automation-plan-simulation');

  // The way back leads to the invoice list with the plan's invoices selected: the bar counts and totals
  // them as the simulation did (original values), whether their rows are loaded or not.
  // The demo's cheapest way to R$ 3.000,00 takes more than one invoice, so one can be left out.
  expect(count).toBeGreaterThan(1);
  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: PROGRAM })).toBeVisible();
  const bar = simulateBar(page);
  await expect(bar).toContainText(`${count} títulos selecionados`);
  await expect(bar).toContainText(`Valor original: ${money(estimate.value)}`);
  const selected = page.getByRole('checkbox', { name: /^Selecionar a nota /, checked: true });
  await expect(selected.first()).toBeVisible();
  // On a phone the plan's cards sit below the fold or under the sticky bar: one of them in sight.
  if (isPhone(testInfo)) await selected.first().evaluate((box) => box.scrollIntoView({ block: 'center' }));
  await checkScreen(page, testInfo, 'automation-plan-selection-returned', { fullPage: false });

  // The supplier changes the plan: one invoice left out, the simulation prices the others.
  const leftOutName = await selected.first().getAttribute('aria-label');
  const leftOut = estimate.creditEstimates.find(
    (credit) => `Selecionar a nota ${credit.nfNumber}, parcela ${credit.installmentNumber}` === leftOutName,
  )!;
  expect(leftOut, 'the box left out is one of the plan').toBeDefined();
  await page.getByRole('checkbox', { name: leftOutName!, exact: true }).uncheck();
  const rest = count - 1;
  await expect(bar).toContainText(`${rest} ${rest === 1 ? 'título selecionado' : 'títulos selecionados'}`);
  await expect(bar).toContainText(
    `Valor original: ${money(Math.round((estimate.value - leftOut.originalValue) * 100) / 100)}`,
  );
  simulated = page.waitForResponse(estimateAnswer);
  await bar.getByRole('button', { name: 'Simular selecionados' }).click();
  await expect(page).toHaveURL(/\/anticipation\/simulation$/);
  expect(ascending((await simulated).request().postDataJSON() as number[])).toEqual(
    ascending(plan.creditIds.filter((id) => id !== leftOut.id)),
  );
  await expect(
    page.getByRole('heading', { name: `${rest} ${rest === 1 ? 'título' : 'títulos'} na simulação` }),
  ).toBeVisible();

  // The way back again: the planner is still there for a new plan.
  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(bar).toContainText(`${rest} ${rest === 1 ? 'título selecionado' : 'títulos selecionados'}`);
  drawer = await openDrawer(page);
  await expect(drawer.getByRole('heading', { name: 'Preciso de um valor até uma data' })).toBeVisible();
});

// The wording differs, not the layout: the phone keeps pt-PT, the longest catalogue of the three (its rule form
// is the 375 px scan of that state); en and en-ZA run on one viewport (playwright.config.ts, @one-viewport).
for (const [locale, title, rules] of [
  ['pt-PT', 'Planear e automatizar', 'Antecipação automática'],
  ['en', 'Plan & automate', 'Automatic early payment'],
  ['en-ZA', 'Plan & automate', 'Automatic early settlement'],
] as const) {
  const details = locale === 'pt-PT' ? {} : { tag: '@one-viewport' };
  test(`the drawer in ${locale}`, details, async ({ page, seed, loginAs, useLocale }, testInfo) => {
    const world = await seed({ users: ['ana'] });
    await useLocale(locale);
    await loginAs(world.email.ana);
    await page.goto('/program-selection');
    await page.getByRole('link', { name: new RegExp(PROGRAM) }).click();
    await expect(page.getByRole('heading', { level: 1, name: PROGRAM })).toBeVisible();
    await page.getByRole('button', { name: title }).click();
    const drawer = page.getByRole('dialog', { name: title });
    await expect(drawer.getByRole('heading', { name: rules })).toBeVisible();
    await drawer.getByRole('button', { name: locale === 'pt-PT' ? 'Nova regra' : 'New rule' }).click();
    const preview = drawer.getByTestId('rule-preview');
    await expect(preview.getByRole('definition').first()).toBeVisible();
    await preview.scrollIntoViewIfNeeded();
    await checkScreen(page, testInfo, `automation-rule-form-${locale}`, { fullPage: false });
  });
}
