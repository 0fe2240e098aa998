import type { Locale } from '@portal/contract';
import { useCallback } from 'react';
import type { MessageKey } from '../../locales/catalogues';
import { useI18nState } from './i18n-provider';
import { type TranslationKey, type TranslationValues, translate } from './translate';

/**
 * The catalogue of the language in use: `t(key, values)` and the language itself. Components re-render when
 * the user switches language (in a transition: lib/i18n/i18n-provider.tsx).
 */
export function useTranslation() {
  const { locale, catalogue } = useI18nState();
  const t = useCallback(
    (key: TranslationKey | MessageKey, values?: TranslationValues) =>
      translate(catalogue, locale, key, values),
    [catalogue, locale],
  );
  return { t, i18n: { language: locale as Locale } };
}
