import type { Locale } from '@portal/contract';
import type { catalogue as source } from './pt-BR';

/** Every text key of the product; pt-BR defines the set. */
export type MessageKey = keyof typeof source;
export type Catalogue = Record<MessageKey, string>;

/** The locales the footer offers, in the order shown. */
export const locales: readonly Locale[] = ['pt-BR', 'pt-PT', 'en', 'en-ZA'];

/** Each catalogue is its own chunk: the first load fetches only the language in use. */
export const catalogueLoaders: Record<Locale, () => Promise<Catalogue>> = {
  'pt-BR': () => import('./pt-BR').then((module) => module.catalogue),
  'pt-PT': () => import('./pt-PT').then((module) => module.catalogue),
  en: () => import('./en').then((module) => module.catalogue),
  'en-ZA': () => import('./en-ZA').then((module) => module.catalogue),
};
