import type { AxeResults } from 'axe-core';
import { blockingViolations, expect, runAxe, test } from './fixtures';

/** A small page of its own: only what each case puts in `body` can break a rule. */
const pageOf = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Scan check</title></head><body><main>${body}</main></body></html>`;

const blockingIds = async (results: Promise<AxeResults>) =>
  blockingViolations(await results).map((violation) => violation.id);

test('the shared scan runs label-content-name-mismatch (label in name) on top of the default rules', {
  tag: '@one-viewport',
}, async ({ page }) => {
  // Visible text that is not part of the accessible name: voice control cannot reach the button by what it shows.
  await page.setContent(pageOf('<button aria-label="Submit form">Cancel</button>'));
  expect(await blockingIds(runAxe(page))).toEqual(['label-content-name-mismatch']);

  // A name that starts with the visible text passes.
  await page.setContent(pageOf('<button aria-label="Cancel the order">Cancel</button>'));
  expect(await blockingIds(runAxe(page))).toEqual([]);

  // The default rules still run (the extra rule is added, not run alone).
  await page.setContent(pageOf('<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">'));
  expect(await blockingIds(runAxe(page))).toEqual(['image-alt']);
});

test('a violation of an added rule fails the scan whatever its impact; other rules only when serious or critical', {
  tag: '@one-viewport',
}, () => {
  const violation = (id: string, impact: 'minor' | 'moderate' | 'serious') =>
    ({
      id,
      impact,
      tags: [],
      description: '',
      help: '',
      helpUrl: '',
      nodes: [],
    }) as AxeResults['violations'][number];
  const results = {
    violations: [
      violation('label-content-name-mismatch', 'minor'),
      violation('region', 'moderate'),
      violation('color-contrast', 'serious'),
    ],
  } as unknown as AxeResults;
  expect(blockingViolations(results).map((v) => v.id)).toEqual([
    'label-content-name-mismatch',
    'color-contrast',
  ]);
});
