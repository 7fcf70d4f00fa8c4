/**
 * Times as the journal stores them: UTC, written with `Z`. A time with an offset
 * (`2026-11-24T06:00:00+14:00`) is accepted and rewritten in UTC, so two times always
 * compare as instants, never as text (as text, that one sorts after `2026-11-24T02:00Z`,
 * which is ten hours later).
 *
 * A row that arrives from elsewhere (an import file) cannot be dated after the moment
 * it is received: `capRowTimes` brings every time of its versioning (created, updated,
 * deleted, and each field's write stamp) down to that moment, so a row dated 9999 is
 * treated as written on arrival, and never wins again after that.
 */
import type { FieldWrites } from './field-writes';

/** An ISO time as UTC with `Z` (unchanged when it already is one). */
export function toUtc(time: string): string {
  if (time.endsWith('Z')) return time;
  const instant = Date.parse(time);
  return Number.isNaN(instant) ? time : new Date(instant).toISOString();
}

const ROW_TIMES = ['createdAt', 'updatedAt', 'deletedAt'] as const;

interface Versioned {
  createdAt: string;
  updatedAt: string;
  deletedAt?: string;
  fieldWrites?: FieldWrites;
}

/** `row` with no time later than `receivedAt` (epoch ms). Returns the row itself if none was. */
export function capRowTimes<Row extends Versioned>(row: Row, receivedAt: number): Row {
  const cap = new Date(receivedAt).toISOString();
  const later = (time: string | undefined) => time !== undefined && Date.parse(time) > receivedAt;
  let capped: Row = row;
  for (const field of ROW_TIMES) {
    if (later(row[field])) capped = { ...capped, [field]: cap };
  }
  const writes = row.fieldWrites;
  if (writes && Object.values(writes).some((write) => later(write.at))) {
    const fieldWrites: FieldWrites = {};
    for (const [field, write] of Object.entries(writes))
      fieldWrites[field] = later(write.at) ? { ...write, at: cap } : write;
    capped = { ...capped, fieldWrites };
  }
  return capped;
}
