/** The locales the portal ships catalogues (and mail texts) for. */
export const LOCALES = ['pt-BR', 'pt-PT', 'en', 'en-ZA'] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'pt-BR';

/**
 * One entry per locale. Used for every text table of the mail templates, so that the compiler rejects a
 * table that misses a locale (and, with the table's value type, a locale that misses a key).
 */
export type LocaleTable<T> = { readonly [L in Locale]: T };

/**
 * Maps a user's `langKey` (or any BCP 47-ish tag: case-insensitive, `-` or `_`) to a supported locale.
 * 'pt', 'pt-br', 'pt_BR' → 'pt-BR'; 'pt-pt' → 'pt-PT'; 'en' (and any other English) → 'en';
 * 'en-za' → 'en-ZA'. Anything else, or nothing, → 'pt-BR'.
 */
export function normalizeLocale(langKey?: string | null): Locale {
  if (!langKey) return DEFAULT_LOCALE;
  const [language, region] = langKey.trim().replace(/_/g, '-').toLowerCase().split('-');
  if (language === 'pt') return region === 'pt' ? 'pt-PT' : 'pt-BR';
  if (language === 'en') return region === 'za' ? 'en-ZA' : 'en';
  return DEFAULT_LOCALE;
}
