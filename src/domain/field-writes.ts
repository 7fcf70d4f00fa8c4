/**
 * Who wrote each field of a synced row last, and when: what the merge rule
 * (merge-rule.ts) decides two devices' concurrent edits of one field by. Every writer of
 * a synced row passes the row before and after its write through `stampFieldWrites`;
 * rows written before this existed carry none, and the merge rule still decides those the
 * same way on every device (by value).
 */
import { z } from 'zod';
import { canonicalJson } from './canonical-json';
import { toUtc } from '../lib/to-utc';

const fieldWriteSchema = z.object({
  at: z.iso.datetime({ offset: true }).transform(toUtc),
  by: z.string().max(100),
});
/** One stamp per field of a row: a row has far fewer than 64 fields. */
export const fieldWritesSchema = z
  .record(z.string().max(100), fieldWriteSchema)
  .refine((writes) => Object.keys(writes).length <= 64, {
    error: 'A row has at most 64 field write stamps.',
  });
export type FieldWrites = z.infer<typeof fieldWritesSchema>;

/** Bookkeeping, decided by the write path and the merge rule, never merged as content. */
const NOT_CONTENT = new Set([
  'id',
  'createdAt',
  'updatedAt',
  'rev',
  'vectorClock',
  'fieldWrites',
  // A change item's inbox keys: derived on each device, never synced.
  'pendingKey',
  'pendingExpiry',
]);

type Row = Record<string, unknown>;

/**
 * `after` with a write stamp (`now`, by `deviceId`) on every field whose value differs
 * from `before`'s; the other fields keep `before`'s stamps. A stamp is never earlier
 * than the one it replaces (a device clock that went back still writes "later"). A new
 * row (no `before`) is returned as it is: a field never written since the row was
 * created is older than any write.
 */
export function stampFieldWrites<T extends object>(
  before: object | null | undefined,
  after: T,
  stamp: { deviceId: string; now: string },
): T & { fieldWrites?: FieldWrites } {
  if (!before) return after;
  const previous = before as Row;
  const next = after as Row;
  const fieldWrites: FieldWrites = { ...(previous.fieldWrites as FieldWrites | undefined) };
  for (const field of new Set([...Object.keys(previous), ...Object.keys(next)])) {
    if (NOT_CONTENT.has(field) || sameValue(previous[field], next[field])) continue;
    const earlier = fieldWrites[field];
    const at = Math.max(
      Date.parse(stamp.now),
      earlier ? Date.parse(earlier.at) + 1 : Number.NEGATIVE_INFINITY,
    );
    fieldWrites[field] = { at: new Date(at).toISOString(), by: stamp.deviceId };
  }
  return Object.keys(fieldWrites).length > 0 ? { ...after, fieldWrites } : after;
}

function sameValue(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (left === undefined || right === undefined) return false;
  return canonicalJson(left) === canonicalJson(right);
}

/** The device that last wrote a field of a row, when the row carries its stamps. */
export function fieldWriter(row: object | undefined, field: string): string | undefined {
  const writes = (row as { fieldWrites?: Record<string, { by?: unknown }> } | undefined)
    ?.fieldWrites;
  const by = writes?.[field]?.by;
  return typeof by === 'string' ? by : undefined;
}
