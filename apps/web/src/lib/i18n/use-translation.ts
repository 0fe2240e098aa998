import type { Locale } from '@portal/contract';
import { useCallback } from 'react';
import type { MessageKey } from '../../locales/catalogues';
import { useStore } from '../create-store';
import { i18nStore } from './i18n';
import { type TranslationKey, type TranslationValues, translate } from './translate';

/**
 * The catalogue of the language in use: `t(key, values)` and the language itself. Components re-render when
 * the user switches language.
 */
export function useTranslation() {
  const locale = useStore(i18nStore, (state) => state.locale);
  const catalogue = useStore(i18nStore, (state) => state.catalogue);
  const t = useCallback(
    (key: TranslationKey | MessageKey, values?: TranslationValues) =>
      translate(catalogue, locale, key, values),
    [catalogue, locale],
  );
  return { t, i18n: { language: locale as Locale } };
}
