import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
const base = 'http://127.0.0.1:18200';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const t = () => performance.now();
for (const legacy of [false, true, false, true]) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(base + '/');
  await page.getByRole('heading', { name: 'Acesse sua conta' }).waitFor();
  let s = t();
  const r = await new AxeBuilder({ page }).setLegacyMode(legacy).analyze();
  console.log('axe legacy', legacy, Math.round(t() - s), r.violations.map(v => v.id + ':' + v.impact).join(','));
  await context.close();
}
await browser.close();
