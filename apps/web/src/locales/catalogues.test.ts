// @vitest-environment node
import { errorCodes, validationMessageKeys } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { type Catalogue, loadCatalogue, locales } from './catalogues';

const catalogues = Object.fromEntries(
  await Promise.all(locales.map(async (locale) => [locale, await loadCatalogue(locale)] as const)),
) as Record<(typeof locales)[number], Catalogue>;
const source = catalogues['pt-BR'];
const sourceKeys = Object.keys(source).sort();

/** The {{placeholders}} of a message, so a translation cannot drop or rename one. */
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe.each(locales)('the %s catalogue', (locale) => {
  const catalogue = catalogues[locale];

  it('has exactly the keys of pt-BR, no more, no fewer', () => {
    expect(Object.keys(catalogue).sort()).toEqual(sourceKeys);
  });

  it('has a message for every error code and every validation key of the contract', () => {
    const missing = [...errorCodes, ...validationMessageKeys].filter((key) => !(key in catalogue));
    expect(missing).toEqual([]);
  });

  it('has no empty message and keeps every placeholder of pt-BR', () => {
    for (const key of sourceKeys) {
      const message = catalogue[key as keyof Catalogue];
      expect(message.trim(), key).not.toBe('');
      expect(placeholders(message), key).toEqual(placeholders(source[key as keyof Catalogue]));
    }
  });
});

describe('brand wording', () => {
  it('differs where the markets differ', () => {
    expect(catalogues.en['app.name']).not.toBe(catalogues['en-ZA']['app.name']);
    expect(catalogues['pt-BR']['login.password']).toBe('Senha');
    expect(catalogues['pt-PT']['login.password']).toBe('Palavra-passe');
    expect(catalogues['en-ZA']['header.program-selection']).toBe('Programmes');
  });
});
