import type { AutoRuleSettings, Estimate } from '@portal/contract';
import type { TranslationKey, TranslationValues } from '../../lib/i18n/translate';
import { reaisToCents } from '../../lib/money';

/** What the summary needs to word a rule: the catalogue, the language and its formatters. */
export type Wording = {
  t: (key: TranslationKey, values?: TranslationValues) => string;
  locale: string;
  money: (reais: number) => string;
  percentNumber: (percent: number) => string;
};

/** A rule in words: when it runs, which credits it takes, how much a day at most. */
export type RuleSummary = { when: string; takes: string; limit: string };

/** The credit filters of a rule, each a phrase that follows "takes invoices". */
function filterPhrases(rule: AutoRuleSettings, { t, money, percentNumber }: Wording): string[] {
  const phrases: string[] = [];
  if (rule.maxMonthlyCost != null) {
    phrases.push(t('automation.rule.filter.cost', { percent: percentNumber(rule.maxMonthlyCost) }));
  }
  const { minDays, maxDays } = rule;
  if (minDays != null && maxDays != null) {
    phrases.push(t('automation.rule.filter.days-between', { min: minDays, count: maxDays }));
  } else if (minDays != null) {
    phrases.push(t('automation.rule.filter.days-min', { count: minDays }));
  } else if (maxDays != null) {
    phrases.push(t('automation.rule.filter.days-max', { count: maxDays }));
  }
  if (rule.minCreditValue != null) {
    phrases.push(t('automation.rule.filter.value', { value: money(rule.minCreditValue) }));
  }
  return phrases;
}

/**
 * A rule's settings in words, in the user's language (docs/product/screens-and-routes.md#invoices-page): the
 * filters joined as the language joins a list ("a, b e c"), a rule without filters taking every available
 * invoice, and its daily limit or that it has none.
 */
export function describeRule(rule: AutoRuleSettings, wording: Wording): RuleSummary {
  const { t, locale, money } = wording;
  const phrases = filterPhrases(rule, wording);
  const list = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' });
  return {
    when: t('automation.rule.when', { time: rule.time }),
    takes:
      phrases.length === 0
        ? t('automation.rule.takes-all')
        : t('automation.rule.takes', { filters: list.format(phrases) }),
    limit:
      rule.maxTotalPerDay == null
        ? t('automation.rule.no-limit')
        : t('automation.rule.limit', { value: money(rule.maxTotalPerDay) }),
  };
}

/** What a preview shows: how many credits, the net, the whole cost and the effective monthly cost. */
export type PreviewFigures = {
  count: number;
  netCents: number;
  /** Discount (investor and platform) + bank fees + IOF, in centavos. */
  costCents: number;
  /** A fraction (0.0153), null when not defined. */
  monthlyCost: number | null;
};

/** The figures of a preview's estimate, added in centavos as the server rounds them. */
export function previewFigures(estimate: Estimate): PreviewFigures {
  return {
    count: estimate.creditEstimates.length,
    netCents: reaisToCents(estimate.total),
    costCents: reaisToCents(estimate.discount) + reaisToCents(estimate.fees) + reaisToCents(estimate.iof),
    monthlyCost: estimate.effectiveMonthlyCost,
  };
}
