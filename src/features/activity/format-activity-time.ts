/** Times on /activity in the reader's locale: a heading per day, then the time of each entry. */
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });
const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'medium' });
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full' });

const parse = (isoTimestamp: string) => {
  const date = new Date(isoTimestamp);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/** The time of day with seconds, e.g. "10:04:12": the audit trail is read to the second. */
export function formatActivityTime(isoTimestamp: string): string {
  const date = parse(isoTimestamp);
  return date ? timeFormat.format(date) : isoTimestamp;
}

/** Date and time in full, for a tooltip. */
export function formatActivityMoment(isoTimestamp: string): string {
  const date = parse(isoTimestamp);
  return date ? fullFormat.format(date) : isoTimestamp;
}

/** The local calendar day, e.g. "2026-05-03": entries with the same key share a heading. */
export function activityDayKey(isoTimestamp: string): string {
  const date = parse(isoTimestamp);
  if (!date) return isoTimestamp;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "Today", "Yesterday", or the full date, e.g. "Sunday, 3 May 2026". */
export function formatActivityDay(isoTimestamp: string, now: Date = new Date()): string {
  const date = parse(isoTimestamp);
  if (!date) return isoTimestamp;
  const key = activityDayKey(isoTimestamp);
  if (key === activityDayKey(now.toISOString())) return 'Today';
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (key === activityDayKey(yesterday.toISOString())) return 'Yesterday';
  return dayFormat.format(date);
}
