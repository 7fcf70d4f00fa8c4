/**
 * Calendar days (YYYY-MM-DD) as people say them: "Thu, Nov 26", with the year when it is
 * not this year's, and how far one day is from another ("2 days earlier"). Text that is
 * not a day is returned as it is.
 */
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

// Built once; UTC throughout, since a calendar day has no time of day or zone.
const THIS_YEAR = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const OTHER_YEAR = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

function parseDay(day: string): Date | undefined {
  const match = DAY_PATTERN.exec(day);
  if (!match) return undefined;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export function formatCalendarDay(day: string, today: Date = new Date()): string {
  const date = parseDay(day);
  if (!date) return day;
  return (date.getUTCFullYear() === today.getFullYear() ? THIS_YEAR : OTHER_YEAR).format(date);
}

/** How `to` stands against `from`: "2 days earlier", "1 week later", "the same day". */
export function describeDayShift(from: string, to: string): string | undefined {
  const start = parseDay(from);
  const end = parseDay(to);
  if (!start || !end) return undefined;
  const days = Math.round((end.getTime() - start.getTime()) / DAY_MS);
  if (days === 0) return 'the same day';
  const size = Math.abs(days);
  const amount =
    size % 7 === 0 && size >= 7
      ? `${size / 7} week${size === 7 ? '' : 's'}`
      : `${size} day${size === 1 ? '' : 's'}`;
  return `${amount} ${days < 0 ? 'earlier' : 'later'}`;
}
