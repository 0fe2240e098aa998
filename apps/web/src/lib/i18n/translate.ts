import type { Catalogue, MessageKey } from '../../locales/catalogues';

/** A key as code names it: plural variants (`_zero`, `_one`, `_other`…) are picked by `count`. */
export type TranslationKey = MessageKey extends infer K
  ? K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`
    ? Base
    : K
  : never;

export type TranslationValues = Readonly<Record<string, string | number>>;

const placeholder = /\{\{(\w+)\}\}/g;
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(locale: string, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/**
 * The message of `key` in `catalogue` with its {{placeholders}} filled. With a numeric `count`, the plural
 * variant for the locale's rules (`key_one`, `key_other`; `key_zero` first when there is one), else the key
 * itself. An unknown key reads as the key, so a gap shows rather than breaking the page. React escapes the
 * result, so values are inserted as they are.
 */
export function translate(
  catalogue: Partial<Catalogue>,
  locale: string,
  key: string,
  values?: TranslationValues,
): string {
  const messages = catalogue as Record<string, string | undefined>;
  const count = values?.count;
  let message: string | undefined;
  if (typeof count === 'number') {
    message =
      (count === 0 ? messages[`${key}_zero`] : undefined) ??
      messages[`${key}_${pluralCategory(locale, count)}`] ??
      messages[`${key}_other`];
  }
  message ??= messages[key] ?? key;
  if (!values) return message;
  return message.replace(placeholder, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
