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
