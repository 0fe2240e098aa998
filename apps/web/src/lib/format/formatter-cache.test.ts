import { describe, expect, it } from 'vitest';
import { cachedFormatter } from './formatter-cache';

describe('cachedFormatter', () => {
  it('builds one formatter per locale and options, and hands the same one back', () => {
    let built = 0;
    const format = cachedFormatter((locale, options: Intl.NumberFormatOptions) => {
      built += 1;
      return new Intl.NumberFormat(locale, options);
    });
    const money = format('pt-BR', { style: 'currency', currency: 'BRL' });
    expect(format('pt-BR', { style: 'currency', currency: 'BRL' })).toBe(money);
    expect(format('en-ZA', { style: 'currency', currency: 'BRL' })).not.toBe(money);
    expect(format('pt-BR', { style: 'percent' })).not.toBe(money);
    expect(built).toBe(3);
  });
});
