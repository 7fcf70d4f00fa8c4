/**
 * How a device takes a row change from another device, so that every device ends with
 * the same row whatever order changes arrive in, and no value is lost silently.
 *
 * Vector clocks decide first: a remote row that has seen everything the local one has
 * replaces it; a local row that has seen the remote change stays. Concurrent rows (two
 * devices changed it while apart) are merged field by field:
 *   - a field only the remote operation changed is taken, one only this device changed
 *     is kept;
 *   - a field both changed to different values goes to the later write: each side's
 *     write time, first capped at the receiving moment (plus a clock-skew allowance of
 *     5 minutes: a row dated 9999 compares as "now"), then on equal times the greater
 *     id of the device that wrote it. The other value is returned in `lost`, for the
 *     audit trail.
 *
 * "Write time" is per field (`fieldWrites`, kept by `stampWrite` on every local write),
 * not the row's `updatedAt`: with the row's time, a device that edited another field
 * later would win a conflict on a field it wrote earlier, and two devices could decide
 * differently. Each field is then a last-writer-wins register, which converges in any
 * delivery order (merge-rule.test.ts checks it), provided no write time is more than
 * the allowance ahead of a receiving moment: such a time is capped differently by each
 * receiver, which may then decide differently.
 */
import { canonicalJson } from './canonical-json';
import { bumpClock, compareClocks, mergeClocks, type VectorClock } from './vector-clock';

/** Who wrote a field last, and when. */
export interface FieldWrite {
  /** ISO time of the write. */
  at: string;
  /** The device that wrote it. */
  by: string;
}

/** A synced row as far as merging is concerned: its fields plus versioning metadata. */
export type MergeRow = Record<string, unknown> & {
  vectorClock: VectorClock;
  updatedAt: string;
  fieldWrites?: Record<string, FieldWrite>;
};

/**
 * Write times are capped this far past the receiving moment, not at it exactly: device
 * clocks differ by seconds, and a write stamped just after the one it overwrote (see
 * `stampWrite`) may lie a few ms ahead. Capping those would make two receivers decide
 * differently; only a clock that is badly wrong is capped.
 */
export const CLOCK_SKEW_ALLOWANCE_MS = 5 * 60 * 1000;

/** Versioning metadata: decided by the rule itself, never merged as content. */
const META_FIELDS = new Set(['id', 'createdAt', 'updatedAt', 'rev', 'vectorClock', 'fieldWrites']);

export interface RemoteRowChange {
  /** The row on the remote device before its operation (null: it created the row). */
  before: MergeRow | null;
  after: MergeRow;
}

export interface LostValue {
  field: string;
  value: unknown;
  /** Whose value lost. */
  side: 'local' | 'remote';
}

export interface MergeDecision {
  outcome: 'take-remote' | 'keep-local' | 'merged';
  /** The row to store (for `merged`: the vector clock is both clocks merged). */
  row: MergeRow;
  /** Content fields whose value now comes from the remote row. */
  taken: string[];
  /** Values of a field both sides changed that did not survive. */
  lost: LostValue[];
}

/** Decides what the local row becomes when a remote change arrives at `receivedAt` (epoch ms). */
export function decideRemoteRow(
  local: MergeRow | undefined,
  remote: RemoteRowChange,
  receivedAt: number,
): MergeDecision {
  const { before, after } = remote;
  if (!local) return { outcome: 'take-remote', row: after, taken: contentFields(after), lost: [] };
  const order = compareClocks(after.vectorClock, local.vectorClock);
  if (order === 'after') {
    return { outcome: 'take-remote', row: after, taken: contentFields(after), lost: [] };
  }
  if (order === 'before' || order === 'equal') {
    return { outcome: 'keep-local', row: local, taken: [], lost: [] };
  }

  const row: MergeRow = {
    ...local,
    vectorClock: mergeClocks(local.vectorClock, after.vectorClock),
    updatedAt: later(local.updatedAt, after.updatedAt),
  };
  const fieldWrites: Record<string, FieldWrite> = { ...local.fieldWrites };
  const taken: string[] = [];
  const lost: LostValue[] = [];
  const fields = new Set([
    ...Object.keys(local),
    ...Object.keys(after),
    ...Object.keys(local.fieldWrites ?? {}),
    ...Object.keys(after.fieldWrites ?? {}),
  ]);
  for (const field of fields) {
    if (META_FIELDS.has(field)) continue;
    const localWrite = writeOf(local, field);
    const remoteWrite = writeOf(after, field);
    if (same(local[field], after[field])) {
      // Same value: agree on the later of the two writes, so later conflicts decide alike.
      const kept = laterWrite(localWrite, remoteWrite, Number.POSITIVE_INFINITY);
      if (kept) fieldWrites[field] = kept;
      continue;
    }
    const baseWrite = before ? writeOf(before, field) : undefined;
    const bothChanged =
      before === null || (!sameWrite(localWrite, baseWrite) && !sameWrite(remoteWrite, baseWrite));
    if (
      remoteWins(
        local[field],
        localWrite,
        after[field],
        remoteWrite,
        receivedAt + CLOCK_SKEW_ALLOWANCE_MS,
      )
    ) {
      setField(row, field, after[field]);
      if (remoteWrite) fieldWrites[field] = remoteWrite;
      taken.push(field);
      if (bothChanged) lost.push({ field, value: local[field], side: 'local' });
    } else if (bothChanged) {
      lost.push({ field, value: after[field], side: 'remote' });
    }
  }
  if (Object.keys(fieldWrites).length > 0) row.fieldWrites = fieldWrites;
  if (typeof local.rev === 'number' && typeof after.rev === 'number') {
    row.rev = Math.max(local.rev, after.rev);
  }
  return { outcome: 'merged', row, taken, lost };
}

/**
 * A local write as the merge rule needs it recorded: each changed field gets a write
 * stamp (`time`, or just after the field's previous stamp if the device clock went
 * back, so a write always stamps later than what it overwrote), `updatedAt` becomes
 * `time`, and the device's counter moves.
 */
export function stampWrite(
  row: MergeRow,
  changes: Record<string, unknown>,
  deviceId: string,
  time: string,
): MergeRow {
  const fieldWrites: Record<string, FieldWrite> = { ...row.fieldWrites };
  const next: MergeRow = { ...row };
  for (const [field, value] of Object.entries(changes)) {
    if (META_FIELDS.has(field) || same(row[field], value)) continue;
    setField(next, field, value);
    const previous = fieldWrites[field];
    const at = previous
      ? Math.max(Date.parse(time), Date.parse(previous.at) + 1)
      : Date.parse(time);
    fieldWrites[field] = { at: new Date(at).toISOString(), by: deviceId };
  }
  return {
    ...next,
    fieldWrites,
    updatedAt: time,
    vectorClock: bumpClock(row.vectorClock, deviceId),
  };
}

function contentFields(row: MergeRow): string[] {
  return Object.keys(row).filter((field) => !META_FIELDS.has(field));
}

/** `undefined` removes the field, as an optional field that was cleared. */
function setField(row: MergeRow, field: string, value: unknown): void {
  if (value === undefined) delete row[field];
  else row[field] = value;
}

/** A field never written since the row was created has no write: it is older than any. */
function writeOf(row: MergeRow, field: string): FieldWrite | undefined {
  return row.fieldWrites?.[field];
}

function sameWrite(left: FieldWrite | undefined, right: FieldWrite | undefined): boolean {
  return left?.at === right?.at && left?.by === right?.by;
}

/** The later of two writes (times capped at `cap`), ties to the greater device id. */
function laterWrite(
  left: FieldWrite | undefined,
  right: FieldWrite | undefined,
  cap: number,
): FieldWrite | undefined {
  if (!left) return right;
  if (!right) return left;
  const leftAt = capped(left.at, cap);
  const rightAt = capped(right.at, cap);
  if (leftAt !== rightAt) return rightAt > leftAt ? right : left;
  // One device's writes are causally ordered: its later stamp is its later write.
  if (left.by === right.by) return Date.parse(right.at) > Date.parse(left.at) ? right : left;
  return right.by > left.by ? right : left;
}

function remoteWins(
  localValue: unknown,
  localWrite: FieldWrite | undefined,
  remoteValue: unknown,
  remoteWrite: FieldWrite | undefined,
  receivedAt: number,
): boolean {
  if (localWrite || remoteWrite) {
    return laterWrite(localWrite, remoteWrite, receivedAt) === remoteWrite;
  }
  // Neither side stamped the field (a write that bypassed stampWrite): still decide the
  // same way on every device, by the values themselves.
  return canonicalJson(remoteValue ?? null) > canonicalJson(localValue ?? null);
}

function capped(time: string, cap: number): number {
  const parsed = Date.parse(time);
  return Number.isNaN(parsed) ? Number.NEGATIVE_INFINITY : Math.min(parsed, cap);
}

function later(left: string, right: string): string {
  return Date.parse(right) > Date.parse(left) ? right : left;
}

function same(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (left === undefined || right === undefined) return false;
  return canonicalJson(left) === canonicalJson(right);
}
