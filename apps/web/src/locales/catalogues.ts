import type { Locale } from '@portal/contract';
import type { catalogue as source } from './pt-BR';

/** Every text key of the product; pt-BR defines the set. */
export type MessageKey = keyof typeof source;
export type Catalogue = Record<MessageKey, string>;
export type CataloguePart = Partial<Catalogue>;

/** The locales the footer offers, in the order shown. */
export const locales: readonly Locale[] = ['pt-BR', 'pt-PT', 'en', 'en-ZA'];

type PartLoaders = { first: () => Promise<CataloguePart>; rest: () => Promise<CataloguePart> };

/**
 * Each catalogue comes in two chunks of its own, so the first load fetches only the language in use and, of
 * it, only what the shell and the login show; the rest comes with the first page that needs it.
 */
export const catalogueParts: Record<Locale, PartLoaders> = {
  'pt-BR': {
    first: () => import('./pt-BR/first').then((module) => module.first),
    rest: () => import('./pt-BR/rest').then((module) => module.rest),
  },
  'pt-PT': {
    first: () => import('./pt-PT/first').then((module) => module.first),
    rest: () => import('./pt-PT/rest').then((module) => module.rest),
  },
  en: {
    first: () => import('./en/first').then((module) => module.first),
    rest: () => import('./en/rest').then((module) => module.rest),
  },
  'en-ZA': {
    first: () => import('./en-ZA/first').then((module) => module.first),
    rest: () => import('./en-ZA/rest').then((module) => module.rest),
  },
};

/** A whole catalogue, both parts. */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const parts = await Promise.all([catalogueParts[locale].first(), catalogueParts[locale].rest()]);
  return Object.assign({}, ...parts) as Catalogue;
}
