import { readFileSync } from 'node:fs';
import type { Locator, Page, TestInfo } from '@playwright/test';
import type { ImportFileInput } from '@portal/contract';
import {
  endWebSessionCall,
  getAccountCall,
  listBatchesCall,
  listCreditsCall,
  listMyProgramsCall,
  requestBatchCall,
} from '@portal/contract';
import jsQR from 'jsqr';
import { generate } from 'otplib';
import { PNG } from 'pngjs';
import { storageKeys } from '../apps/web/src/lib/storage-keys';
import { answerOf, callOf, sendCall } from './api-calls';
import { E2E_NOW } from './data-fixtures';
import { apiLogin, checkScreen, DEMO_PASSWORD, expect, test } from './fixtures';
import { invoiceBoxes, openInvoices, program, simulateBar } from './flow-fixtures';

/*
 * Account security in the browser (docs/product/account-security.md): enrolling a second factor from the
 * profile, logging in with a code and with a recovery code, the forced enrolment, the transaction PIN asked
 * where money moves, and the sessions list. The server's clock is frozen (playwright.config.ts APP_NOW), so the
 * codes are made for its instant: the step before it, its own, the one after, each accepted once and in that
 * order (a code of a step at or before the last one accepted is refused).
 */

const STEP_SECONDS = 30;
const nowSeconds = Math.floor(Date.parse(E2E_NOW) / 1000);

/** The code an authenticator app shows `steps` steps away from the server's frozen instant. */
const codeAt = (secret: string, steps: number) =>
  Promise.resolve(generate({ secret, epoch: nowSeconds + steps * STEP_SECONDS }));

/** A 6-digit code no app would show around the server's instant. */
async function wrongCode(secret: string): Promise<string> {
  const valid = await Promise.all([-1, 0, 1].map((steps) => codeAt(secret, steps)));
  return ['000000', '111111', '222222'].find((code) => !valid.includes(code))!;
}

/** What the QR code on screen holds: an element screenshot decoded (jsQR on the PNG's pixels). */
async function decodeQr(image: Locator): Promise<string> {
  // The white frame around the image is the code's quiet zone.
  const png = PNG.sync.read(await image.locator('xpath=..').screenshot());
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(found, 'a QR code in the screenshot').not.toBeNull();
  return found!.data;
}

/**
 * The profile's enrolment, from the button to the recovery codes: the QR code must hold the key shown for
 * typing by hand; the code typed is the app's for the step before the server's instant. Answers the secret
 * and the ten recovery codes.
 */
async function enrol(page: Page, testInfo: TestInfo, shots: { qr?: string; codes?: string } = {}) {
  await page.getByLabel('Senha atual', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continuar' }).click();
  const qr = page.getByRole('img', { name: 'QR code para configurar o aplicativo autenticador' });
  await expect(qr).toBeVisible();
  const key = ((await page.getByTestId('two-factor-key').textContent()) ?? '').trim();
  expect(key).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  const uri = await decodeQr(qr);
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  const secret = new URL(uri).searchParams.get('secret') ?? '';
  expect(secret).toBe(key.replace(/ /g, ''));
  if (shots.qr) await checkScreen(page, testInfo, shots.qr);

  const code = page.getByLabel('Código do aplicativo', { exact: true });
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await code.fill(await codeAt(secret, -1));
  await page.getByRole('button', { name: 'Ativar', exact: true }).click();
  const list = page.getByRole('list', { name: 'Códigos de recuperação' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((text) => text.trim());
  for (const recovery of recoveryCodes) expect(recovery).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
  if (shots.codes) await checkScreen(page, testInfo, shots.codes);
  return { secret, recoveryCodes };
}

async function logInWithPassword(page: Page, email: string) {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

async function logOut(page: Page) {
  await page.goto('/profile');
  const logout = page.waitForResponse(callOf(endWebSessionCall));
  await page
    .getByRole('navigation', { name: 'Seções do perfil' })
    .getByRole('button', { name: 'Sair' })
    .click();
  await logout;
  await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();
}

/**
 * Sets the PIN 135790 in the profile's security section (open on the page): the password, then the six digits
 * twice, a mismatched confirmation first (its error scanned as `security-pin-form`). Answers the section.
 */
async function setPinOnProfile(page: Page, testInfo: TestInfo) {
  const section = page.locator('#security');
  await section.getByRole('button', { name: 'Cadastrar PIN' }).click();
  await section.getByLabel('Senha atual', { exact: true }).fill(DEMO_PASSWORD);
  await section.getByLabel('Novo PIN', { exact: true }).fill('135790');
  await section.getByLabel('Confirme o novo PIN', { exact: true }).fill('135791');
  await section.getByRole('button', { name: 'Salvar PIN' }).click();
  await expect(section.getByText('A confirmação deve ser igual ao PIN.')).toBeVisible();
  await checkScreen(page, testInfo, 'security-pin-form');
  await section.getByLabel('Confirme o novo PIN', { exact: true }).fill('135790');
  await section.getByRole('button', { name: 'Salvar PIN' }).click();
  await expect(section.getByText('Cadastrado', { exact: true })).toBeVisible();
  return section;
}

const codeStep = (page: Page) => page.getByRole('heading', { name: 'Verificação em duas etapas', level: 1 });
const dashboard = (page: Page) => expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

/**
 * A login with the password that stops at the code step (scanned as `login-code`), where a wrong code is said
 * and the form stays (`login-code-wrong`). Answers the code field.
 */
async function loginRefusingWrongCode(page: Page, testInfo: TestInfo, email: string, secret: string) {
  await logInWithPassword(page, email);
  await expect(codeStep(page)).toBeVisible();
  const code = page.getByLabel('Código de verificação', { exact: true });
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await checkScreen(page, testInfo, 'login-code');
  await code.fill(await wrongCode(secret));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(
    page.getByText('Código inválido. Confira o código no aplicativo e tente de novo.').first(),
  ).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await checkScreen(page, testInfo, 'login-code-wrong');
  return code;
}

// Codes accepted and refused, recovery codes spent: the same at any width, so the flow runs on one viewport
// (playwright.config.ts, @one-viewport); the next test holds its 375 px scans.
test(
  'second factor: enrolled from the profile (the QR code holds the key shown), then a login with a code, with a recovery code, and that recovery code refused the second time',
  {
    tag: '@one-viewport',
  },
  async ({ page, seed, loginAs }, testInfo) => {
    test.setTimeout(90_000);
    const { email } = await seed({ users: ['carlos'], participations: false });
    await loginAs(email.carlos);
    await page.goto('/profile#security');
    const section = page.locator('#security');
    await expect(section.getByRole('heading', { name: 'Segurança', level: 2 })).toBeVisible();
    await expect(section.getByText('Desativada')).toBeVisible();
    await expect(page.getByTestId('session-row')).toHaveCount(1);
    await checkScreen(page, testInfo, 'security-profile');

    await section.getByRole('button', { name: 'Ativar a verificação em duas etapas' }).click();
    const { secret, recoveryCodes } = await enrol(page, testInfo, {
      qr: 'security-enrol-qr',
      codes: 'security-recovery-codes',
    });

    // The codes, as a .txt download: a heading, then one a line.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar (.txt)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('codigos-de-recuperacao.txt');
    const text = readFileSync(await file.path(), 'utf8');
    expect(text.split('\n').filter((line) => /^[A-Z0-9]{5}-[A-Z0-9]{5}$/.test(line))).toEqual(recoveryCodes);
    await page.getByRole('button', { name: 'Já guardei os códigos' }).click();
    await expect(section.getByText('Ativada')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Códigos de recuperação' })).toHaveCount(0);

    // A login now asks for the code on the same screen; a wrong one is said and the form stays.
    await logOut(page);
    const code = await loginRefusingWrongCode(page, testInfo, email.carlos, secret);
    await code.fill(await codeAt(secret, 0));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await dashboard(page);

    // A recovery code serves once.
    for (const attempt of ['first', 'second'] as const) {
      await logOut(page);
      await logInWithPassword(page, email.carlos);
      await expect(codeStep(page)).toBeVisible();
      await page.getByRole('button', { name: 'Usar um código de recuperação' }).click();
      const recovery = page.getByLabel('Código de recuperação', { exact: true });
      await recovery.fill(recoveryCodes[0]!.toLowerCase());
      await page.getByRole('button', { name: 'Verificar' }).click();
      if (attempt === 'first') {
        await dashboard(page);
      } else {
        await expect(recovery).toHaveAttribute('aria-invalid', 'true');
        await expect(codeStep(page)).toBeVisible();
        await expect(page).toHaveURL(/\/$/);
      }
    }

    // Another recovery code logs in; turning the factor off takes the password and a code (a recovery code
    // here), and the next login asks for the password alone.
    await page.getByLabel('Código de recuperação', { exact: true }).fill(recoveryCodes[1]!);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await dashboard(page);
    await page.goto('/profile#security');
    await section.getByRole('button', { name: 'Desativar' }).click();
    await section.getByLabel('Senha atual', { exact: true }).fill(DEMO_PASSWORD);
    await section
      .getByLabel('Código do aplicativo ou de recuperação', { exact: true })
      .fill(recoveryCodes[2]!);
    await section.getByRole('button', { name: 'Desativar a verificação' }).click();
    await expect(section.getByText('Desativada')).toBeVisible();
    await logOut(page);
    await logInWithPassword(page, email.carlos);
    await dashboard(page);
  },
);

// The phone's scans of the flow above, each state reached the short way: the enrolment from the profile, then a
// login that stops at the code step. (The profile's security section before it is scanned at 375 px in the four
// languages, below.)
test(
  'at 375 px: the second factor enrolled from the profile (QR code, recovery codes), then the login code step and a wrong code said',
  {
    tag: '@phone-only',
  },
  async ({ page, seed, loginAs }, testInfo) => {
    test.setTimeout(60_000);
    const { email } = await seed({ users: ['carlos'], participations: false });
    await loginAs(email.carlos);
    await page.goto('/profile#security');
    await page
      .locator('#security')
      .getByRole('button', { name: 'Ativar a verificação em duas etapas' })
      .click();
    const { secret } = await enrol(page, testInfo, {
      qr: 'security-enrol-qr',
      codes: 'security-recovery-codes',
    });

    await logOut(page);
    await loginRefusingWrongCode(page, testInfo, email.carlos, secret);
  },
);

test('forced enrolment: right after login, /two-factor comes before any other page and nothing else is asked for', async ({
  page,
  seed,
}, testInfo) => {
  test.setTimeout(60_000);
  const { email } = await seed({ users: ['carlos'], participations: false });
  // The organization's requireTwoFactor, as the account says it. The e2e server holds one organization, the
  // demo's, which every browser test shares (its public calls name none): a second one with requireTwoFactor
  // would break them all, so this test gives the account the organization's requirement in the browser. What
  // the API does with such a user (403 error.user.twoFactorRequired) is the API suite's.
  await page.route('**/api/webapp/account', async (route) => {
    const response = await route.fetch();
    const account = await response.json();
    await route.fulfill({ response, json: { ...account, twoFactorRequired: true } });
  });
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) asked.push(`${request.method()} ${pathname}`);
  });

  await logInWithPassword(page, email.carlos);
  await expect(page).toHaveURL(/\/two-factor$/);
  await expect(
    page.getByRole('heading', { name: 'Ative a verificação em duas etapas', level: 1 }),
  ).toBeVisible();
  // No other page, even asked for by its address.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/two-factor$/);
  await page.goto('/accept-terms-of-use');
  await expect(page).toHaveURL(/\/two-factor$/);
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
  await checkScreen(page, testInfo, 'two-factor-forced');

  await enrol(page, testInfo, { codes: 'two-factor-forced-codes' });
  const beforeContinuing = [...asked];
  await page.getByRole('button', { name: 'Continuar para o portal' }).click();
  await dashboard(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const allowed = new Set([
    'POST /api/session',
    'POST /api/session/second-factor',
    'GET /api/webapp/account',
    'GET /api/webapp/accepted-terms',
    'POST /api/webapp/account/two-factor/setup',
    'POST /api/webapp/account/two-factor/enable',
    'GET /api/webapp/organizations/current',
    'GET /api/webapp/organizations/chat',
  ]);
  expect(beforeContinuing.filter((call) => !allowed.has(call))).toEqual([]);
  expect(asked).toContain('GET /api/webapp/companies/default');
});

/** A program of the demo organization whose requests need the transaction PIN, with three open invoices. */
const PIN_PROGRAM = 'E2E Com PIN';
function pinProgram({
  tag,
  companyRef,
}: {
  tag: string;
  companyRef: (ref: string) => string;
}): ImportFileInput {
  const participation = `e2e-pin-alfa-${tag}`;
  return {
    programs: [program(`e2e-pin-${tag}`, PIN_PROGRAM, { requirePin: true })],
    programProviders: [
      {
        ref: participation,
        program: `e2e-pin-${tag}`,
        company: companyRef('alfa'),
        status: 'ACTIVATED',
        providerCanNotAnticipateHtml: null,
      },
    ],
    credits: [0, 1, 2].map((index) => ({
      ref: `${participation}-${index}`,
      programProvider: participation,
      nfNumber: `77${index + 1}`,
      nfSerial: '1',
      installmentNumber: 1,
      orderDetail: null,
      issueDate: '2026-11-10',
      expireDate: `2026-12-2${index}`,
      originalValue: `${1500 + index * 100}.00`,
      kind: 'GOODS',
      status: 'AVAILABLE',
    })),
  } as ImportFileInput;
}

async function openConfirmation(page: Page) {
  await openInvoices(page, PIN_PROGRAM);
  await invoiceBoxes(page).first().check();
  await simulateBar(page).getByRole('button', { name: 'Simular selecionados' }).click();
  await page.getByRole('button', { name: 'Solicitar antecipação' }).click();
  const panel = page.getByRole('region', { name: 'Confirme a solicitação' });
  await expect(panel).toBeVisible();
  return panel;
}

// Where the PIN is asked and what a wrong one does: the same at any width, so the flow runs on one viewport
// (playwright.config.ts, @one-viewport); the next test holds its 375 px scans.
test(
  'transaction PIN: none yet leads to the profile, where it is set; then the confirmation panel asks for it (wrong, then right), and so do a cancel and a rule',
  {
    tag: '@one-viewport',
  },
  async ({ page, seed, loginAs, request }, testInfo) => {
    test.setTimeout(120_000);
    const world = await seed({ users: ['ana'], participations: false, extra: pinProgram });
    const { headers } = await loginAs(world.email.ana);

    // No PIN yet: the panel says so, with the way to the profile.
    let panel = await openConfirmation(page);
    const pin = panel.getByLabel('PIN de transação', { exact: true });
    await expect(pin).toHaveAttribute('inputmode', 'numeric');
    await pin.fill('135790');
    await panel.getByRole('button', { name: 'Confirmar antecipação' }).click();
    await panel.getByRole('link', { name: 'Cadastrar meu PIN no perfil' }).click();
    await expect(page).toHaveURL(/\/profile#security$/);

    const section = await setPinOnProfile(page, testInfo);
    await expect(section.getByRole('button', { name: 'Alterar PIN' })).toBeVisible();

    // Asked where money moves: a wrong PIN is said on the field and nothing is requested; the right one requests.
    panel = await openConfirmation(page);
    await checkScreen(page, testInfo, 'confirmation-pin');
    await panel.getByLabel('PIN de transação', { exact: true }).fill('000000');
    await panel.getByRole('button', { name: 'Confirmar antecipação' }).click();
    await expect(panel.getByText('O PIN não confere.')).toBeVisible();
    await expect(panel.getByLabel('PIN de transação', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await checkScreen(page, testInfo, 'confirmation-pin-wrong');
    await panel.getByLabel('PIN de transação', { exact: true }).fill('135790');
    await panel.getByRole('button', { name: 'Confirmar antecipação' }).click();
    const success = page.getByRole('dialog', { name: 'Antecipação solicitada' });
    await expect(success).toBeVisible();
    await success.getByRole('button', { name: 'OK' }).click();

    // Cancelling that request asks for it too.
    const programs = await answerOf<typeof listMyProgramsCall>(
      await sendCall(request, listMyProgramsCall, {}, headers),
    );
    const pinned = programs.find((p) => p.name === PIN_PROGRAM)!;
    expect(pinned.requirePin).toBe(true);
    const batches = await answerOf<typeof listBatchesCall>(
      await sendCall(
        request,
        listBatchesCall,
        { query: { programProviderId: pinned.providerId, page: 0 } },
        headers,
      ),
    );
    await page.goto(`/anticipation/history/${batches.content[0]!.id}`);
    await page.getByRole('button', { name: 'Cancelar solicitação' }).click();
    const dialog = page.getByRole('dialog', { name: /^Cancelar a solicitação/ });
    await dialog.getByLabel('PIN de transação', { exact: true }).fill('000000');
    await dialog.getByRole('button', { name: 'Sim, cancelar' }).click();
    await expect(dialog.getByText('O PIN não confere.')).toBeVisible();
    await checkScreen(page, testInfo, 'cancel-pin', { fullPage: false });
    await dialog.getByLabel('PIN de transação', { exact: true }).fill('135790');
    await dialog.getByRole('button', { name: 'Sim, cancelar' }).click();
    await expect(page.getByTestId('request-status')).toContainText('Cancelada');

    // And saving an automatic rule, which requests on its own.
    await openInvoices(page, PIN_PROGRAM);
    await page.getByRole('button', { name: 'Planejar e automatizar' }).click();
    const drawer = page.getByRole('dialog', { name: 'Planejar e automatizar' });
    await drawer.getByRole('button', { name: 'Nova regra' }).click();
    await drawer.getByRole('button', { name: 'Salvar regra' }).click();
    await expect(drawer.getByText('O PIN deve ter 6 dígitos.')).toBeVisible();
    await drawer.getByLabel('PIN de transação', { exact: true }).fill('135790');
    await drawer.getByRole('button', { name: 'Salvar regra' }).click();
    await expect(drawer.getByRole('article', { name: 'Todo dia útil às 10:00' })).toBeVisible();
  },
);

// The phone's scans of the flow above, each state reached the short way: the PIN set from the profile's form
// (its confirmation refused first), a request made through the API for the cancel dialog, then the
// confirmation panel and that dialog, each with a wrong PIN.
test(
  'at 375 px: the PIN form with its confirmation refused, the confirmation panel asking for the PIN and refusing a wrong one, and the cancel dialog refusing a wrong one',
  {
    tag: '@phone-only',
  },
  async ({ page, seed, loginAs, request }, testInfo) => {
    test.setTimeout(60_000);
    const world = await seed({ users: ['ana'], participations: false, extra: pinProgram });
    const { headers } = await loginAs(world.email.ana);
    await page.goto('/profile#security');
    await setPinOnProfile(page, testInfo);

    // A request of the program's, with the PIN, for the cancel dialog.
    const programs = await answerOf<typeof listMyProgramsCall>(
      await sendCall(request, listMyProgramsCall, {}, headers),
    );
    const { providerId } = programs.find((p) => p.name === PIN_PROGRAM)!;
    const credits = await answerOf<typeof listCreditsCall>(
      await sendCall(
        request,
        listCreditsCall,
        { params: { programProviderId: providerId }, query: { page: 0, size: 1 } },
        headers,
      ),
    );
    const requested = await sendCall(
      request,
      requestBatchCall,
      { body: { creditIds: [credits.content[0]!.id], pin: '135790' } },
      headers,
    );
    expect(requested.status(), 'request with the PIN').toBe(200);
    const { id: batchId } = (await requested.json()) as { id: number };

    const panel = await openConfirmation(page);
    const pin = panel.getByLabel('PIN de transação', { exact: true });
    await expect(pin).toBeVisible();
    await checkScreen(page, testInfo, 'confirmation-pin');
    await pin.fill('000000');
    await panel.getByRole('button', { name: 'Confirmar antecipação' }).click();
    await expect(panel.getByText('O PIN não confere.')).toBeVisible();
    await expect(pin).toHaveAttribute('aria-invalid', 'true');
    await checkScreen(page, testInfo, 'confirmation-pin-wrong');

    await page.goto(`/anticipation/history/${batchId}`);
    await page.getByRole('button', { name: 'Cancelar solicitação' }).click();
    const dialog = page.getByRole('dialog', { name: /^Cancelar a solicitação/ });
    await dialog.getByLabel('PIN de transação', { exact: true }).fill('000000');
    await dialog.getByRole('button', { name: 'Sim, cancelar' }).click();
    await expect(dialog.getByText('O PIN não confere.')).toBeVisible();
    await checkScreen(page, testInfo, 'cancel-pin', { fullPage: false });
  },
);

test('sessions: this device marked, another one ended (its token refused at once), then every other one', async ({
  page,
  seed,
  loginAs,
  request,
}, testInfo) => {
  const { email } = await seed({ users: ['carlos'], participations: false });
  const other = await apiLogin(request, email.carlos);
  await loginAs(email.carlos);
  await page.goto('/profile#security');
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Este dispositivo' })).toHaveCount(1);
  await expect(rows.first().getByText(/^Endereço IP: /)).toBeVisible();
  await checkScreen(page, testInfo, 'security-sessions');

  const account = (token: string) =>
    sendCall(request, getAccountCall, {}, { authorization: `Bearer ${token}` });
  expect((await account(other.access_token)).status()).toBe(200);
  await rows
    .filter({ hasNotText: 'Este dispositivo' })
    .getByRole('button', { name: /^Encerrar/ })
    .click();
  await expect(rows).toHaveCount(1);
  await expect(page.getByText('Nenhuma outra sessão ativa.')).toBeVisible();
  expect((await account(other.access_token)).status()).toBe(401);

  const more = [await apiLogin(request, email.carlos), await apiLogin(request, email.carlos)];
  await page.reload();
  await expect(rows).toHaveCount(3);
  await page.getByRole('button', { name: 'Encerrar todas as outras sessões' }).click();
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: 'Sessões encerradas: 2.' })).toBeVisible();
  for (const token of more) expect((await account(token.access_token)).status()).toBe(401);
  // This device's session goes on.
  await page.reload();
  await expect(rows).toHaveCount(1);
});

test('the security section in the four languages', async ({ page, seed, loginAs }, testInfo) => {
  test.setTimeout(60_000);
  const { email } = await seed({ users: ['carlos'], participations: false });
  await loginAs(email.carlos);
  await page.goto('/profile#security');
  const titles = {
    'pt-BR': 'Verificação em duas etapas',
    'pt-PT': 'Verificação em dois passos',
    en: 'Two-step verification',
    'en-ZA': 'Two-step verification',
  } as const;
  for (const [locale, title] of Object.entries(titles)) {
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      storageKeys.locale,
      locale,
    ] as const);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('#security').getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByTestId('session-row')).toHaveCount(1);
    await checkScreen(page, testInfo, `security-profile-${locale}`);
  }
});
