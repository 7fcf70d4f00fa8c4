/**
 * Times as the journal stores them: UTC, written with `Z`. A time with an offset
 * (`2026-11-24T06:00:00+14:00`) is accepted and rewritten in UTC, so two times always
 * compare as instants, never as text (as text, that one sorts after `2026-11-24T02:00Z`,
 * which is ten hours later).
 */
/** An ISO time as UTC with `Z` (unchanged when it already is one). */
export function toUtc(time: string): string {
  if (time.endsWith('Z')) return time;
  const instant = Date.parse(time);
  return Number.isNaN(instant) ? time : new Date(instant).toISOString();
}
