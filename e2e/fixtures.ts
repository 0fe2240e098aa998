import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type APIRequestContext, test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { type BodyOf, issueTokenCall } from '@portal/contract';
import type { AxeResults, RunOptions } from 'axe-core';
import { storageKeys } from '../apps/web/src/lib/storage-keys';
import { sendCall } from './api-calls';
import { type Seed, seedWorld } from './data-fixtures';
import { appHeaders, passwordGrantForm, webSignIn } from './local-client';

export const DEMO_PASSWORD = 'demo1234';

/**
 * Rules axe-core tags experimental (off by default) that every screen must pass too, on top of the default
 * set. label-content-name-mismatch (WCAG 2.5.3, label in name): a control's visible text must be part of its
 * accessible name, or a voice-control user who says what they see reaches nothing.
 */
export const extraAxeRules = ['label-content-name-mismatch'] as const;

/**
 * The scan every screen gets: axe-core's default rules plus `extraAxeRules` (`rules` turns them on without
 * narrowing the run). `resultTypes` (axe-core's option for large pages) keeps every violating node but one
 * example of the passes, incomplete and inapplicable checks, which no test reads.
 */
const axeOptions: RunOptions = {
  rules: Object.fromEntries(extraAxeRules.map((id) => [id, { enabled: true }])),
  resultTypes: ['violations'],
};

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's own API (`axe.run`) in the page: the script is put into a document once and serves every scan of
 * it, client-side navigations included. @axe-core/playwright, used before, evaluated the 0.5 MB script twice
 * per scan, which made every scan of a run several times slower (docs/decisions/test-run-time.md#axe-in-page).
 * The portal renders no frames; a scan refuses a page with one rather than skip what is inside it.
 */
export async function runAxe(page: Page): Promise<AxeResults> {
  expect(page.frames(), 'axe scans the top document only: the portal has no frames').toHaveLength(1);
  // Colours read halfway through a CSS transition are no screen's (a button whose wait has just ended: Mantine
  // fades its label back in over 100 ms, a subtle button's colour moves from disabled to enabled; such a label
  // failed color-contrast once). Every finite animation and transition ends first; spinners, which never end,
  // are not waited for.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    (options) => (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, options),
    axeOptions,
  );
}

/** The violations that fail a screen: serious or critical ones, and any of `extraAxeRules` whatever its impact. */
export function blockingViolations(results: AxeResults): AxeResults['violations'] {
  const always: readonly string[] = extraAxeRules;
  return results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical' || always.includes(v.id),
  );
}

/**
 * axe-core on the current page: no blocking violation (see `blockingViolations`). Each scan leaves an
 * `axe-scan` annotation on the test (the page's address), so a run's report can count the screens scanned.
 */
export async function expectAccessible(page: Page) {
  base.info().annotations.push({ type: 'axe-scan', description: page.url() });
  // A refused submit reaches the page in two renders: TanStack Query runs the call's error callback (the
  // message on the field) a task before it notifies the call's state (the busy button, and the disabled one
  // beside it, back to normal), about 25 ms apart here. A scan between them reads a form halfway: no screen is
  // scanned with a button still waiting for its answer.
  await expect(page.locator('button[data-loading]'), 'a button still waiting for its answer').toHaveCount(0);
  const results = await runAxe(page);
  expect(
    blockingViolations(results).map(
      // Each node with axe's own finding (for a contrast: the ratio and both colours), so a failure says why.
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')}: ${n.any.map((c) => c.message).join('; ')}`).join(', ')})`,
    ),
  ).toEqual([]);
}

type ShotOptions = {
  /** Full page by default; a dialog is shot as the viewport it covers. */
  fullPage?: boolean;
};

/**
 * A screenshot under the test's output folder, named after the screen and the viewport, for a person to open:
 * nothing reads it. One image pixel per CSS pixel: the phone's 2.6 device pixels per CSS pixel would give the
 * same picture seven times the pixels to encode. E2E_SCREENSHOTS=0 skips them (.ci/run: no one opens a CI
 * machine's files).
 */
export async function screenshot(page: Page, testInfo: TestInfo, screen: string, options: ShotOptions = {}) {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  await page.screenshot({
    path: testInfo.outputPath(`${screen}-${testInfo.project.name}.png`),
    fullPage: options.fullPage ?? true,
    scale: 'css',
  });
}

/** The look and the accessibility of one screen, checked together. */
export async function checkScreen(page: Page, testInfo: TestInfo, screen: string, options: ShotOptions = {}) {
  await screenshot(page, testInfo, screen, options);
  await expectAccessible(page);
}

/**
 * Holds the answers to requests matching `url` until `release()`: what a slow answer shows (a loading state,
 * the parts of the page that do not wait for it) stays on screen long enough to be checked.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<{ release: () => void }> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

export type Token = { access_token: string; expires_in: number };

/**
 * A bearer token from the password grant, as an API client gets one (docs/product/accounts-and-sessions.md#which-login):
 * for the calls a test makes beside the browser.
 */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<Token> {
  const response = await sendCall(request, issueTokenCall, {
    body: passwordGrantForm(email, password) as BodyOf<typeof issueTokenCall>,
  });
  expect(response.status(), `login of ${email}`).toBe(200);
  return (await response.json()) as Token;
}

/** A browser's web session, for a test's own calls on it (`request.get(url, { headers })`). */
export type WebSession = { headers: Record<string, string> };

type Fixtures = {
  /**
   * Imports this test's own copy of demo users (their companies, participations and credits) and invites,
   * under logins and tokens no other test has (e2e/data-fixtures.ts), and returns them.
   */
  seed: Seed;
  /**
   * Signs the browser in as `email` before the first page loads: the web sign-in through the page's own request
   * context, so the session cookie lands in the browser as after the login form. Answers the headers that make
   * a test's own calls on that session (the cookie and the app's Origin and request header).
   */
  loginAs: (email: string) => Promise<WebSession>;
  /** Starts the app in `locale` as if the user had chosen it in the footer. */
  useLocale: (locale: string) => Promise<void>;
};

export const test = base.extend<Fixtures>({
  // An exception the page does not catch is a failure of the test that met it, whatever else it checked.
  page: async ({ page }, use) => {
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(error.stack ?? error.message));
    await use(page);
    expect(uncaught, 'exceptions the page did not catch').toEqual([]);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  seed: async ({}, use, testInfo) => {
    await use((options) => seedWorld(testInfo, options));
  },
  loginAs: async ({ page }, use, testInfo) => {
    await use(async (email) => {
      const response = await webSignIn(
        page.request,
        String(testInfo.project.use.baseURL),
        email,
        DEMO_PASSWORD,
      );
      expect(response.status(), `web sign-in of ${email}`).toBe(200);
      const cookie = (await page.context().cookies())
        .filter((c) => c.name.startsWith('__Host-portal_'))
        .map((c) => `${c.name}=${c.value}`)
        .join('; ');
      expect(cookie, 'the session cookie the browser keeps').toMatch(/__Host-portal_session=[\w-]{43}/);
      return { headers: { cookie, ...appHeaders(String(testInfo.project.use.baseURL)) } };
    });
  },
  useLocale: async ({ page }, use) => {
    await use(async (locale) => {
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        storageKeys.locale,
        locale,
      ] as const);
    });
  },
});

export { expect };
