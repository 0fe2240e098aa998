import type { Locale } from '@portal/contract';

/**
 * A builder of Intl formatters that keeps one per locale and options: building an Intl formatter costs about
 * 60 times as much as formatting with one (0.06 ms against 0.001 in V8), and a list formats a value per row.
 */
export function cachedFormatter<Options, Formatter>(
  build: (locale: Locale, options: Options) => Formatter,
): (locale: Locale, options: Options) => Formatter {
  const cache = new Map<string, Formatter>();
  return (locale, options) => {
    const key = `${locale}|${JSON.stringify(options)}`;
    let formatter = cache.get(key);
    if (!formatter) {
      formatter = build(locale, options);
      cache.set(key, formatter);
    }
    return formatter;
  };
}
