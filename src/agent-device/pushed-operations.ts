/**
 * The operations the agent device pushed (its state file's `pushed`, decision 0014): a
 * fresh store each start replays the stream after the snapshot it loads, and meets them
 * there as its own rather than as another device using its id. One at or below that
 * snapshot's sequence is never replayed again, so the list keeps only the rest.
 *
 * An entry is an operation id and, once the stream's head was read after it landed, that
 * head (`bound`: the operation is at or below it). A list stored before bounds were kept
 * is bounded at the head the next start reads. An entry whose bound
 * is at or below a snapshot this device loaded or wrote is dropped: every later start
 * loads that snapshot or a newer one. (One that falls back to an older snapshot, because
 * the newer ones no longer verify, meets the dropped operations as another device's, takes
 * a new id and says so, as the runtime does for a copied profile.)
 */
import { z } from 'zod';
import type { CountersignDatabase } from '../db/database';
import { readLoadedSnapshot, readSnapshotWriteState } from '../db/sync-settings';

export const pushedSchema = z.array(
  z.union([
    z.string(),
    z.object({ id: z.string(), bound: z.number().int().nonnegative() }).strict(),
  ]),
);
export type Pushed = z.infer<typeof pushedSchema>;

const idOf = (entry: Pushed[number]) => (typeof entry === 'string' ? entry : entry.id);

export function pushedIds(pushed: Pushed): string[] {
  return pushed.map(idOf);
}

/** Every entry without a bound gets `head`: the stream's last sequence, read after it was stored. */
export function boundPushed(pushed: Pushed, head: number): Pushed {
  return pushed.map((entry) => (typeof entry === 'string' ? { id: entry, bound: head } : entry));
}

/**
 * The list with `applied` (push ids) added, bounded at `head` when it was read, less what
 * lies at or below the snapshot `passed`.
 */
export function nextPushed(
  pushed: Pushed,
  applied: readonly string[],
  passed: number,
  head?: number,
): Pushed {
  const known = new Set(pushedIds(pushed));
  const added = applied.filter((id) => !known.has(id));
  return [...pushed, ...(head === undefined ? added : boundPushed(added, head))].filter(
    (entry) => typeof entry === 'string' || entry.bound > passed,
  );
}

/** The newest snapshot this device loaded or wrote: every later start loads it or a newer one. */
export async function passedSnapshot(db: CountersignDatabase): Promise<number> {
  const [loaded, written] = await Promise.all([readLoadedSnapshot(db), readSnapshotWriteState(db)]);
  return Math.max(loaded?.sequence ?? 0, written?.state === 'written' ? written.sequence : 0);
}
