// Built once: creating an Intl formatter per row is slow at thousands of rows.
const TIMESTAMP_FORMAT = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** An instant in the reader's locale, e.g. "3 May 2026, 10:04"; text that is not a date as it is. */
export function formatTimestamp(isoTimestamp: string): string {
  const date = new Date(isoTimestamp);
  return Number.isNaN(date.getTime()) ? isoTimestamp : TIMESTAMP_FORMAT.format(date);
}
