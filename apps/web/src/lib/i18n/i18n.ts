import { type Locale, localeSchema } from '@portal/contract';
import { appConfig } from '../../config/app-config';
import { type CataloguePart, catalogueParts, type MessageKey } from '../../locales/catalogues';
import { createStore } from '../create-store';
import { storageKeys } from '../storage-keys';
import { type TranslationValues, translate } from './translate';

export type I18nState = { locale: Locale; catalogue: CataloguePart; hasRest: boolean };

/** The language in use and its catalogue; components read it through useTranslation. */
export const i18nStore = createStore<I18nState>({
  locale: appConfig.defaultLocale,
  catalogue: {},
  hasRest: false,
});

/** The language the user chose in the footer, else the configured default. */
export function initialLocale(): Locale {
  try {
    const stored = localeSchema.safeParse(localStorage.getItem(storageKeys.locale));
    if (stored.success) return stored.data;
  } catch {
    // no storage: the configured default
  }
  return appConfig.defaultLocale;
}

async function applyLocale(locale: Locale, withRest: boolean): Promise<void> {
  const parts = catalogueParts[locale];
  const loaded = await Promise.all(withRest ? [parts.first(), parts.rest()] : [parts.first()]);
  i18nStore.set({ locale, catalogue: Object.assign({}, ...loaded), hasRest: withRest });
  document.documentElement.lang = locale;
}

/**
 * Loads the first part of the starting language's catalogue (the shell and the login) before the first
 * render, so no key ever flashes.
 */
export async function initI18n(locale: Locale = initialLocale()): Promise<void> {
  await applyLocale(locale, false);
}

/** The rest of the catalogue, before the first page that shows it renders (app/lazy-page.tsx). */
export async function loadRestOfCatalogue(): Promise<void> {
  const { locale, hasRest } = i18nStore.get();
  if (hasRest) return;
  const rest = await catalogueParts[locale].rest();
  // The user may have switched language meanwhile: that switch then loaded both parts itself.
  i18nStore.set((state) =>
    state.locale === locale && !state.hasRest
      ? { locale, catalogue: { ...state.catalogue, ...rest }, hasRest: true }
      : state,
  );
}

/** Switches language and remembers the choice in the browser. */
export async function changeLocale(locale: Locale): Promise<void> {
  await applyLocale(locale, i18nStore.get().hasRest);
  try {
    localStorage.setItem(storageKeys.locale, locale);
  } catch {
    // the choice then lasts for this page only
  }
}

/** For keys that arrive as data (error codes, validation keys) rather than literals in code. */
export function asMessageKey(key: string): MessageKey {
  return key as MessageKey;
}

/**
 * Translates a key that arrived as data, with interpolation values that are data too, outside React (the
 * toasts). The typed `t` of useTranslation cannot check either, so this is the one untyped door.
 */
export function translateData(key: string, values?: TranslationValues): string {
  const { catalogue, locale } = i18nStore.get();
  return translate(catalogue, locale, key, values);
}
