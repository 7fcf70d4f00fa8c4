const formatter = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An entry's timestamp in the reader's locale, e.g. "3 May 2026, 10:04". */
export function formatEntryTime(isoTimestamp: string): string {
  const date = new Date(isoTimestamp);
  return Number.isNaN(date.getTime()) ? isoTimestamp : formatter.format(date);
}
