/** R$ in the reader's locale. Display only: the exact figures are the estimate's. */
export function formatReais(locale: string, value: number): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(value);
}

/** A calendar date in the reader's locale; noon UTC so no zone can move it to another day. */
export function formatDate(locale: string, isoDate: string): string {
  return new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T12:00:00Z`));
}

const instantFormats = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

/**
 * An instant as the reader's wall clock in a time zone: "24/11/2026 10:31" (date and time apart, joined by a
 * space, rather than Intl's "24/11/2026, 10:31"); with `zone`, its offset after it: "24/11/2026 10:31 GMT-3".
 * The formatters are kept per locale and zone: building one costs about as much as a thousand formats.
 */
export function formatInstant(
  locale: string,
  instant: Date,
  timeZone: string,
  { zone = false }: { zone?: boolean } = {},
): string {
  const key = `${locale} ${timeZone} ${zone}`;
  let formats = instantFormats.get(key);
  if (!formats) {
    const time: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', timeZone };
    formats = {
      date: new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone }),
      time: new Intl.DateTimeFormat(locale, zone ? { ...time, timeZoneName: 'shortOffset' } : time),
    };
    instantFormats.set(key, formats);
  }
  return `${formats.date.format(instant)} ${formats.time.format(instant)}`;
}
