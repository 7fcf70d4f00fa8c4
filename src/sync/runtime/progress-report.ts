/**
 * A device's progress report: after applying a batch, its cursor goes on a readable
 * subject under its device token, so the operator's compaction knows which snapshot every
 * active device has passed (docs/decisions/0011-compaction.md). At most one report per
 * interval: a report costs the server a subject until the next compaction, and a cursor a
 * minute late only makes compaction keep a little more.
 */
import type { PushClock } from '../push/push-clock';

const PROGRESS_EVERY_MS = 60_000;

export interface ProgressReporter {
  /** Called with the cursor after each applied batch; sends when the interval allows. */
  applied(cursor: number): void;
}

export function progressReporter(
  publish: (cursor: number) => Promise<void>,
  clock: PushClock,
  everyMs = PROGRESS_EVERY_MS,
): ProgressReporter {
  let reported = 0;
  let lastAt = Number.NEGATIVE_INFINITY;
  let sending = false;
  return {
    applied(cursor) {
      if (sending || cursor <= reported || clock.now() - lastAt < everyMs) return;
      sending = true;
      lastAt = clock.now();
      publish(cursor).then(
        () => {
          reported = Math.max(reported, cursor);
          sending = false;
        },
        // A lost report is sent again with a later cursor: compaction only waits longer.
        () => {
          sending = false;
        },
      );
    },
  };
}
