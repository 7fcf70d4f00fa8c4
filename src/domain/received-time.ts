/**
 * A row that arrives from elsewhere (an import file) cannot be dated after the moment
 * it is received: `capRowTimes` brings every time of its versioning (created, updated,
 * deleted, and each field's write stamp) down to that moment, so a row dated 9999 is
 * treated as written on arrival, and never wins again after that.
 */
import type { FieldWrites } from './field-writes';

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
