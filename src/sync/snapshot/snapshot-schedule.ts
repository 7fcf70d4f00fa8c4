/**
 * When this device writes a snapshot by itself: once the stream has passed
 * `SNAPSHOT_EVERY` messages beyond the newest snapshot on the server. At that figure a new
 * device replays at most about a thousand operations after loading (a few seconds at the
 * feed's batch rate), while the writer reads its journal and the server stores a copy of
 * it no more than once per thousand changes; the operator's compaction removes the older
 * copies. The server is asked at most once per `CHECK_EVERY_MS`, and one write runs at a
 * time; a write refused for now (changes of this device still on their way) waits for
 * the next check. A device still catching up writes none: the stream's head is past what it
 * holds, its snapshot would be behind one any caught-up device can write, and reading and
 * encoding its journal in the middle of catch-up was its longest main-thread task (decision
 * 0012); it checks once it reached the head.
 */
const SNAPSHOT_EVERY = 1_000;
const CHECK_EVERY_MS = 5 * 60_000;

export interface SnapshotSchedule {
  /** After each applied batch, with the cursor and whether the feed is still catching up. */
  applied(cursor: number, catchingUp?: boolean): void;
  /** A snapshot at `sequence` is known (loaded, written, seen). */
  known(sequence: number): void;
}

export function snapshotSchedule(deps: {
  newestOnServer(): Promise<number>;
  write(): Promise<void>;
  nowMs(): number;
  every?: number;
  checkEveryMs?: number;
}): SnapshotSchedule {
  const every = deps.every ?? SNAPSHOT_EVERY;
  let newest = 0;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let busy = false;
  const schedule: SnapshotSchedule = {
    known(sequence) {
      newest = Math.max(newest, sequence);
    },
    applied(cursor, catchingUp = false) {
      if (busy || catchingUp || cursor - newest < every) return;
      if (deps.nowMs() - checkedAt < (deps.checkEveryMs ?? CHECK_EVERY_MS)) return;
      busy = true;
      checkedAt = deps.nowMs();
      void (async () => {
        schedule.known(await deps.newestOnServer());
        if (cursor - newest >= every) await deps.write();
      })()
        .catch(() => undefined)
        .finally(() => {
          busy = false;
        });
    },
  };
  return schedule;
}
