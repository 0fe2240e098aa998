import type { Page } from '@playwright/test';
import { getChatCall } from '@portal/contract';
import { callOf } from './api-calls';
import { type ChatServer, startChatServer } from './chat-server';
import { test as base, expect } from './fixtures';

/*
 * The support chat is loaded on every page (docs/product/screens-and-routes.md#other-screens): in real Chromium,
 * under the Content-Security-Policy the server sends, an organization's chat script loads with no violation when
 * its chat is on, and the page's policy lets in nothing of it when off. The organization is a server of its own
 * (e2e/chat-server.ts). The chat's site is played by the test: Chromium checks the policy before the request
 * leaves the page, so a script the policy blocks never reaches the route below.
 */

const SCRIPT_URL = 'https://chat.example/widget.js';
const CHAT_ORIGIN = 'https://chat.example';

const test = base.extend<object, { chatServer: ChatServer }>({
  chatServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const server = await startChatServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

/** The policy violations the page reports, as Chromium words them in the console and as its event says. */
async function watchViolations(page: Page) {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) messages.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return messages;
}

/** The chat's site: a widget script that reports the settings the page handed it. */
async function serveWidget(page: Page) {
  const requested: string[] = [];
  await page.route(SCRIPT_URL, async (route) => {
    requested.push(route.request().url());
    await route.fulfill({
      contentType: 'text/javascript',
      body: 'window.chatWidgetLoaded = window.portalChatSettings;',
    });
  });
  return requested;
}

/** What the widget script read of the page (the settings the page handed it), once it has run. */
const widgetSettings = (page: Page) =>
  page.evaluate(() => (window as { chatWidgetLoaded?: unknown }).chatWidgetLoaded);

test('an organization with its chat on: the page loads the chat’s script with no policy violation @one-viewport', async ({
  page,
  chatServer,
}) => {
  await chatServer.setChat({ enabled: true, scriptUrl: SCRIPT_URL, settings: { appId: 'giro-e2e' } });
  const violations = await watchViolations(page);
  const requested = await serveWidget(page);

  const response = await page.goto(`${chatServer.url}/`);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  // The chat loads once the page is idle: until its widget has run, or the policy has blocked it.
  await expect
    .poll(async () => violations.length > 0 || (await widgetSettings(page)) !== undefined)
    .toBe(true);
  expect(violations).toEqual([]);
  expect(await widgetSettings(page)).toEqual({ appId: 'giro-e2e' });
  expect(requested).toEqual([SCRIPT_URL]);
  // The chat's origin only, not the script's path, and in the page's policy as the server sent it.
  expect(response?.headers()['content-security-policy']).toContain(`script-src 'self' ${CHAT_ORIGIN};`);
  expect(response?.headers()['content-security-policy']).not.toContain('widget.js');
});

test('an organization with its chat off: its page lets in nothing of the chat’s origin and loads no script @one-viewport', async ({
  page,
  chatServer,
}) => {
  await chatServer.setChat({ enabled: false, scriptUrl: SCRIPT_URL });
  const violations = await watchViolations(page);
  const requested = await serveWidget(page);

  const chatCall = page.waitForResponse(callOf(getChatCall));
  const response = await page.goto(`${chatServer.url}/`);
  expect(response?.headers()['content-security-policy']).not.toContain('chat.example');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect(await (await chatCall).json()).toEqual({ enabled: false, scriptUrl: SCRIPT_URL, settings: {} });
  await expect(page.locator('script#portal-support-chat')).toHaveCount(0);
  expect(requested).toEqual([]);
  expect(violations).toEqual([]);
});
