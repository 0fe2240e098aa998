const formatters = new Map<string, Intl.DateTimeFormat>();

// Building an Intl.DateTimeFormat costs ~0.7 ms; one per zone is kept.
function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

type ZonedDateTime = { date: string; time: string };

// The answer holds for a whole minute of a zone: the last minute asked is kept per zone, as formatToParts costs
// about 70 µs, a few percent of a credits page's CPU (docs/decisions/api-speed.md#row-spread).
const lastMinutes = new Map<string, { minute: number; value: ZonedDateTime }>();

/** Wall-clock date and time of an instant in a time zone: what "today" and "now" mean to the organization. */
export function zonedDateTime(instant: Date, timeZone: string): ZonedDateTime {
  const minute = Math.floor(instant.getTime() / 60_000);
  const last = lastMinutes.get(timeZone);
  if (last?.minute === minute) return { ...last.value };
  const parts = formatterFor(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const value = {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}`,
  };
  lastMinutes.set(timeZone, { minute, value });
  return { ...value };
}
