// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../../locales/catalogues';
import { translate } from './translate';

const catalogue = {
  'history.total_one': '{{count}} solicitação',
  'history.total_other': '{{count}} solicitações',
  'invoices.bar.count_zero': 'Nenhum título selecionado',
  'invoices.bar.count_one': '{{count}} título selecionado',
  'invoices.bar.count_other': '{{count}} títulos selecionados',
  'company.access-name': 'Acessar {{name}}',
} as Partial<Catalogue>;

describe('translate', () => {
  it('fills placeholders, and leaves one without a value as it is', () => {
    expect(translate(catalogue, 'pt-BR', 'company.access-name', { name: 'Alfa' })).toBe('Acessar Alfa');
    expect(translate(catalogue, 'pt-BR', 'company.access-name')).toBe('Acessar {{name}}');
  });

  it('picks the plural variant by the locale rules, and _zero for none when there is one', () => {
    expect(translate(catalogue, 'pt-BR', 'invoices.bar.count', { count: 0 })).toBe(
      'Nenhum título selecionado',
    );
    expect(translate(catalogue, 'pt-BR', 'invoices.bar.count', { count: 1 })).toBe('1 título selecionado');
    expect(translate(catalogue, 'pt-BR', 'invoices.bar.count', { count: 30 })).toBe(
      '30 títulos selecionados',
    );
    // Without a _zero variant, zero follows the locale: singular in pt (CLDR), plural in en.
    expect(translate(catalogue, 'pt-BR', 'history.total', { count: 0 })).toBe('0 solicitação');
    expect(translate(catalogue, 'en', 'history.total', { count: 0 })).toBe('0 solicitações');
  });

  it('shows an unknown key as the key, so a gap is visible but the page still works', () => {
    expect(translate(catalogue, 'pt-BR', 'error.nowhere')).toBe('error.nowhere');
  });
});
