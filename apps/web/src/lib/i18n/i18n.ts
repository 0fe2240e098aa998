import { type Locale, localeSchema } from '@portal/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { appConfig } from '../../config/app-config';
import { catalogueLoaders, type MessageKey } from '../../locales/catalogues';
import type { catalogue as source } from '../../locales/pt-BR';
import { storageKeys } from '../storage-keys';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof source };
    keySeparator: false;
    nsSeparator: false;
  }
}

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

async function ensureCatalogue(locale: Locale): Promise<void> {
  if (i18next.hasResourceBundle(locale, 'translation')) return;
  i18next.addResourceBundle(locale, 'translation', await catalogueLoaders[locale]());
}

function applyDocumentLanguage(locale: Locale): void {
  document.documentElement.lang = locale;
}

/** Loads the catalogue of the starting language before the first render, so no key ever flashes. */
export async function initI18n(locale: Locale = initialLocale()) {
  await i18next.use(initReactI18next).init({
    lng: locale,
    resources: {},
    // Flat catalogues: error codes such as error.invite.not.found are keys as they are.
    keySeparator: false,
    nsSeparator: false,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await ensureCatalogue(locale);
  await i18next.changeLanguage(locale);
  applyDocumentLanguage(locale);
  return i18next;
}

/** Switches language and remembers the choice in the browser. */
export async function changeLocale(locale: Locale): Promise<void> {
  await ensureCatalogue(locale);
  await i18next.changeLanguage(locale);
  applyDocumentLanguage(locale);
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
 * Translates a key that arrived as data, with interpolation values that are data too. i18next's typed `t`
 * cannot check either, so this is the one untyped door, kept narrow.
 */
export function translateData(key: string, values?: Readonly<Record<string, string>>): string {
  return (i18next.t as (key: string, options?: object) => string)(key, values);
}
