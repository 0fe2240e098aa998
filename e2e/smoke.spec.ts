import { type BodyOf, getAccountCall, issueTokenCall } from '@portal/contract';
import { sendCall } from './api-calls';
import { DEMO_PASSWORD, expect, test } from './fixtures';
import { passwordGrantForm } from './local-client';

test('the server serves the web app on / and deep links fall back to it', { tag: '@one-viewport' }, async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Acesse sua conta' })).toBeVisible();
  // A deep link without a session comes back to the login, through the same index.html.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a demo user logs in through the API and reads the account', { tag: '@one-viewport' }, async ({
  request,
}) => {
  const token = await sendCall(request, issueTokenCall, {
    body: passwordGrantForm('ana@demo.test', DEMO_PASSWORD) as BodyOf<typeof issueTokenCall>,
  });
  expect(token.status()).toBe(200);
  const { access_token } = await token.json();
  const account = await sendCall(request, getAccountCall, {}, { authorization: `Bearer ${access_token}` });
  expect(await account.json()).toMatchObject({ login: 'ana@demo.test', firstName: 'Ana' });
});

test('answers carry the security headers', { tag: '@one-viewport' }, async ({ request }) => {
  const res = await request.get('/');
  const headers = res.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("object-src 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
});
