import type { Page } from '@playwright/test';
import type { ImportFileInput } from '@portal/contract';
import { expect, screenshot, test } from './fixtures';
import { invoiceBoxes, openInvoices, program, simulateBar } from './flow-fixtures';

/*
 * Server HTML is data an operator loads (terms summary, program texts, notifications). Hostile HTML in all
 * of it must run nothing in real Chromium: no script, no event handler, no javascript: link; the text around it
 * still shows. And were the sanitiser ever to let something through, the CSP the server sends blocks inline
 * scripts and handlers on its own.
 *
 * Isolation from the other specs: each test imports a company, users, a program, its participation and a
 * notice of its own (e2e/data-fixtures.ts), all of them hostile. The terms summary is the organization's, which
 * every spec reads: the server's answer with it (GET /api/webapp/terms-of-use) gets the hostile summary in
 * this test's browser only, on its way to the page, which is where the summary is sanitised.
 */

const PROGRAM = 'E2E Programa Hostil';

/** HTML that would set window.__pwned (and open a dialog) if any piece of it ran. */
function hostile(label: string) {
  const run = (how: string) =>
    `window.__pwned=(window.__pwned||[]).concat('${label}-${how}');alert('${how}')`;
  return [
    `<p>Texto seguro de ${label}.</p>`,
    `<script>${run('script')}</script>`,
    `<img src="x" onerror="${run('onerror')}">`,
    `<a href="javascript:${run('link')}">Link de ${label}</a>`,
    `<a href=" JaVaScRiPt:${run('mixed-case-link')}">Outro link de ${label}</a>`,
    `<svg><animate onbegin="${run('svg')}" attributeName="x" dur="1s"/></svg>`,
    `<iframe srcdoc="<script>parent.${run('iframe')}</script>"></iframe>`,
    `<details open ontoggle="${run('ontoggle')}"><summary>Detalhes de ${label}</summary></details>`,
    `<form action="javascript:${run('form')}"><button>Enviar ${label}</button></form>`,
    `<math><mtext><table><mglyph><style><img src=x onerror="${run('mxss')}">`,
  ].join('');
}

/** The test's users: one who accepted the terms, one who has not (and so sees them). */
const userOf = (tag: string) => `hostil.${tag}@e2e.test`;
const termsUserOf = (tag: string) => `hostil-termos.${tag}@e2e.test`;

function hostileData({ tag }: { tag: string }): ImportFileInput {
  const company = `e2e-hostil-${tag}`;
  const user = (email: string, acceptedTerms: boolean) => ({
    organization: 'demo',
    email,
    password: 'demo1234',
    firstName: 'Hélio',
    fullName: 'Hélio Hostil',
    activated: true,
    authorities: ['ROLE_USER', 'ROLE_PROVIDER'],
    acceptedTerms,
    companies: [company],
    defaultCompany: company,
  });
  return {
    companies: [
      {
        ref: company,
        organization: 'demo',
        name: 'Hostil Testes Ltda',
        type: 'CORPORATION',
        identification: '11444777000161',
        canAnticipate: true,
        bankAccount: { bank: '001', branch: '4321', account: '11223-4' },
      },
    ],
    users: [user(userOf(tag), true), user(termsUserOf(tag), false)],
    programs: [
      program(`e2e-hostil-${tag}`, PROGRAM, { color: '#8e24aa', sessionTermHtml: hostile('cessão') }),
    ],
    programProviders: [
      {
        ref: `e2e-hostil-pp-${tag}`,
        program: `e2e-hostil-${tag}`,
        company,
        status: 'ACTIVATED',
        providerCanNotAnticipateHtml: hostile('aviso'),
      },
    ],
    credits: [1, 2].map((n) => ({
      ref: `e2e-hostil-${tag}-${n}`,
      programProvider: `e2e-hostil-pp-${tag}`,
      nfNumber: `66600${n}`,
      nfSerial: '1',
      installmentNumber: 1,
      orderDetail: null,
      issueDate: '2026-11-10',
      expireDate: '2027-01-15',
      originalValue: `${n}000.00`,
      kind: 'GOODS',
      status: 'AVAILABLE',
    })),
    notifications: [
      {
        ref: `e2e-hostil-aviso-${tag}`,
        program: `e2e-hostil-${tag}`,
        type: 'WARNING',
        title: '<img src=x onerror="window.__pwned=[1]">Aviso hostil',
        message: hostile('notificação'),
        activeFrom: '2026-11-01T00:00:00-03:00',
        activeUntil: null,
      },
    ],
  } as ImportFileInput;
}

/** The organization's terms, as the server answers them, with a hostile summary for this page only. */
async function hostileTerms(page: Page) {
  await page.route('**/api/webapp/terms-of-use', async (route) => {
    const response = await route.fetch();
    const terms = (await response.json()) as { summaryHtml: string };
    await route.fulfill({ response, json: { ...terms, summaryHtml: hostile('termos') } });
  });
}

/** Dialogs opened and CSP violations reported while the test ran. */
function watch(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { dialogs };
}

const pwned = (page: Page) => page.evaluate(() => (window as { __pwned?: unknown }).__pwned ?? null);

/** No active content made it into the DOM: no script, frame or handler, no javascript: address. */
async function expectInert(page: Page) {
  const found = await page.evaluate(() => {
    const all = Array.from(document.querySelectorAll('body *'));
    return {
      elements: document.querySelectorAll('body script, iframe, object, embed, svg animate, math').length,
      handlers: all.filter((el) => Array.from(el.attributes).some((a) => a.name.startsWith('on'))).length,
      scriptUrls: all.filter((el) =>
        ['href', 'src', 'action', 'formaction', 'xlink:href'].some((name) =>
          /^\s*javascript:/i.test(el.getAttribute(name) ?? ''),
        ),
      ).length,
    };
  });
  expect(found).toEqual({ elements: 0, handlers: 0, scriptUrls: 0 });
}

// What the sanitiser keeps and what runs do not depend on the screen: one viewport, as the CSP check below.
test('hostile terms summary: the text shows, nothing runs', { tag: '@one-viewport' }, async ({
  page,
  seed,
  loginAs,
}) => {
  const { dialogs } = watch(page);
  const { tag } = await seed({ extra: hostileData });
  await hostileTerms(page);
  await loginAs(termsUserOf(tag));
  await page.goto('/accept-terms-of-use');
  await expect(page.getByText('Texto seguro de termos.')).toBeVisible();
  await expect(page.getByText('Detalhes de termos')).toBeVisible();
  // The links keep their text but lose the javascript: address; following them does nothing.
  const link = page.getByText('Link de termos', { exact: true });
  await expect(link).toBeVisible();
  await expect(link).not.toHaveAttribute('href', /javascript/i);
  await link.click();
  await expectInert(page);
  expect(await pwned(page)).toBeNull();
  expect(dialogs).toEqual([]);
});

test(
  'hostile program message, notification and assignment term: the text shows, nothing runs',
  {
    tag: '@one-viewport',
  },
  async ({ page, seed, loginAs }, testInfo) => {
    const { dialogs } = watch(page);
    const { tag } = await seed({ extra: hostileData });
    await loginAs(userOf(tag));
    await openInvoices(page, PROGRAM);

    // The participation's message is sanitised HTML; a notification is plain text, its markup shown as typed.
    await expect(page.getByText('Texto seguro de aviso.')).toBeVisible();
    await expect(page.getByText('Link de aviso', { exact: true })).toBeVisible();
    const notice = page.getByRole('alert').filter({ hasText: 'Aviso hostil' });
    await expect(notice).toContainText('<img src=x onerror=');
    await expect(notice).toContainText('<script>window.__pwned');
    await expectInert(page);
    await screenshot(page, testInfo, 'hostile-invoices', { fullPage: false });

    await invoiceBoxes(page).first().check();
    await simulateBar(page).getByRole('button', { name: 'Simular selecionados' }).click();
    await expect(page).toHaveURL(/\/anticipation\/simulation$/);
    await page.getByRole('button', { name: 'Solicitar antecipação' }).click();
    const panel = page.getByRole('region', { name: 'Confirme a solicitação' });
    await expect(panel.getByText('Texto seguro de cessão.')).toBeVisible();
    await panel.getByText('Link de cessão', { exact: true }).click();
    await expectInert(page);

    expect(await pwned(page)).toBeNull();
    expect(dialogs).toEqual([]);
  },
);

test('the CSP alone blocks inline scripts, event handlers and javascript: links on a served page', {
  tag: '@one-viewport',
}, async ({ page, seed, loginAs }) => {
  const { dialogs } = watch(page);
  const { tag } = await seed({ extra: hostileData });
  await hostileTerms(page);
  await loginAs(termsUserOf(tag));
  await page.goto('/accept-terms-of-use');
  await expect(page.getByText('Texto seguro de termos.')).toBeVisible();
  // Bypass the sanitiser: put the raw HTML in the page, as a sanitiser bug would, and count what the
  // browser refuses under the CSP the server sent with this page.
  const violations = await page.evaluate(async (html) => {
    const seen: string[] = [];
    document.addEventListener('securitypolicyviolation', (e) => seen.push(e.effectiveDirective));
    const box = document.createElement('div');
    document.body.append(box);
    box.innerHTML = html; // scripts set by innerHTML never run; handlers and links would
    const script = document.createElement('script');
    script.textContent = "window.__pwned = ['inline-script']";
    document.body.append(script);
    for (const link of Array.from(box.querySelectorAll('a'))) link.click();
    // Violations are reported asynchronously; wait until each kind has been reported once.
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && !['script-src-elem', 'script-src-attr'].every((d) => seen.includes(d))) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    return seen;
  }, hostile('csp'));
  expect(violations).toContain('script-src-elem');
  expect(violations).toContain('script-src-attr');
  expect(await pwned(page)).toBeNull();
  expect(dialogs).toEqual([]);
});

// The CSP allows no eval: the app's own code must never reach for it, or every load reports a violation
// (Zod's eval probe did until apps/web/src/zod-config.ts).
test('the app’s own pages raise no CSP violation, signed out and signed in', {
  tag: '@one-viewport',
}, async ({ page, seed, loginAs }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __violations: seen });
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  const violations = () =>
    page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);

  const world = await seed({ users: ['ana'] });
  await loginAs(world.email.ana);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Ana!' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
});
