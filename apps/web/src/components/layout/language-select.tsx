import { NativeSelect } from '@mantine/core';
import { type Locale, localeSchema } from '@portal/contract';
import { changeLocale } from '../../lib/i18n/i18n';
import { useTranslation } from '../../lib/i18n/use-translation';
import { locales } from '../../locales/catalogues';

/** The language choice, remembered in the browser over the configured default (issue point 4). */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      size="xs"
      label={t('footer.language')}
      value={i18n.language}
      data={locales.map((locale: Locale) => ({ value: locale, label: t(`language.${locale}`) }))}
      onChange={(event) => {
        const chosen = localeSchema.safeParse(event.currentTarget.value);
        if (chosen.success) void changeLocale(chosen.data);
      }}
      w={200}
    />
  );
}
