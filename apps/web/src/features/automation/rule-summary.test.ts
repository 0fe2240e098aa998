// @vitest-environment node
import type { AutoRuleSettings, Estimate, Locale } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatPercentNumber } from '../../lib/format/number-format';
import { translate } from '../../lib/i18n/translate';
import { loadCatalogue } from '../../locales/catalogues';
import { describeRule, previewFigures, type Wording } from './rule-summary';

async function wording(locale: Locale): Promise<Wording> {
  const catalogue = await loadCatalogue(locale);
  return {
    t: (key, values) => translate(catalogue, locale, key, values),
    locale,
    money: (value) => formatMoney(value, locale),
    percentNumber: (value) => formatPercentNumber(value, locale),
  };
}

const none: AutoRuleSettings = {
  time: '09:30',
  maxMonthlyCost: null,
  minDays: null,
  maxDays: null,
  minCreditValue: null,
  maxTotalPerDay: null,
};
const nbsp = (text: string) => text.replace(/\s/g, ' ');

describe('a rule in words', () => {
  it('without filters takes every available invoice, with no daily limit', async () => {
    expect(describeRule(none, await wording('pt-BR'))).toEqual({
      when: 'Todo dia útil às 09:30',
      takes: 'Antecipa todos os títulos disponíveis.',
      limit: 'Sem limite por dia.',
    });
  });

  it('joins its filters as the language joins a list, with money and percent formatted', async () => {
    const rule = { ...none, maxMonthlyCost: 2.5, minDays: 10, maxDays: 60, minCreditValue: 1000 };
    const ptBR = describeRule({ ...rule, maxTotalPerDay: 5000 }, await wording('pt-BR'));
    expect(nbsp(ptBR.takes)).toBe(
      'Antecipa títulos com custo efetivo de até 2,5% ao mês, que vencem em 10 a 60 dias e de pelo menos R$ 1.000,00.',
    );
    expect(nbsp(ptBR.limit)).toBe(
      'No máximo R$ 5.000,00 líquidos por dia, os títulos mais baratos primeiro.',
    );
    const en = describeRule(rule, await wording('en'));
    expect(en.takes).toBe(
      'Takes invoices with an effective monthly cost of at most 2.5%, due in 10 to 60 days, and of at least R$1,000.00.',
    );
  });

  it('words one bound of the days alone, with the plural of its count', async () => {
    const pt = await wording('pt-BR');
    expect(describeRule({ ...none, minDays: 30 }, pt).takes).toBe(
      'Antecipa títulos que vencem em 30 dias ou mais.',
    );
    expect(describeRule({ ...none, maxDays: 1 }, pt).takes).toBe('Antecipa títulos que vencem em até 1 dia.');
    const en = await wording('en');
    expect(describeRule({ ...none, maxDays: 45 }, en).takes).toBe('Takes invoices due within 45 days.');
  });
});

describe('the figures of a preview', () => {
  it('counts the credits, and adds discount, fees and IOF in centavos as the cost', () => {
    const estimate = {
      total: 9704.33,
      discount: 280.1,
      fees: 3.5,
      iof: 12.07,
      effectiveMonthlyCost: 0.0153,
      creditEstimates: [{ id: 1 }, { id: 2 }],
    } as unknown as Estimate;
    expect(previewFigures(estimate)).toEqual({
      count: 2,
      netCents: 970_433,
      costCents: 29_567,
      monthlyCost: 0.0153,
    });
  });
});
