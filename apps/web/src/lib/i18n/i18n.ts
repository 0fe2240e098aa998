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

/**
 * The language chosen in the footer is also a cookie, so the server draws a page in it (entry-server.tsx); not
 * a secret, read by nothing else.
 */
const localeCookie = 'portal_locale';

/** The chosen language in a Cookie header, if it names one of the app's. */
export function localeFromCookies(cookieHeader: string | undefined): Locale | undefined {
  const value = cookieHeader
    ?.split(';')
    .map((pair) => pair.trim().split('='))
    .find(([name]) => name === localeCookie)?.[1];
  return localeSchema.safeParse(value).data;
}

/** Keeps the cookie as the stored choice says (a year, for the whole site, sent on same-site requests only). */
export function rememberLocaleInCookie(locale: Locale): void {
  if (localeFromCookies(document.cookie) === locale) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari and Firefox still in use; the value is one of four fixed tokens, nothing to escape.
  document.cookie = `${localeCookie}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

/** The language the user chose in the footer, if any. */
export function storedLocale(): Locale | undefined {
  try {
    return localeSchema.safeParse(localStorage.getItem(storageKeys.locale)).data;
  } catch {
    return undefined; // no storage: no choice kept
  }
}

/** The language the user chose in the footer, else the configured default. */
export function initialLocale(): Locale {
  return storedLocale() ?? appConfig.defaultLocale;
}

/** The first part of a language's catalogue (the shell, the login and errors), as the server draws a page. */
export function firstCatalogue(locale: Locale): Promise<CataloguePart> {
  return catalogueParts[locale].first();
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
  rememberLocaleInCookie(locale);
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
