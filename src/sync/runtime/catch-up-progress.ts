/**
 * How far a device is in catching up, for the sync indicator and Settings → Sync
 * ("Catching up: 4,200 of 10,000"): the stream's messages from where the feed opened to the
 * stream's last sequence then. Later messages are live sync, not catching up.
 */
export const CONNECTED = 'Connected. Changes are sent and received as they happen.';
const CATCHING_UP = 'Connected. Catching up on the changes made on your other devices.';

export interface CatchUp {
  done: number;
  total: number;
}

/** What the runtime's status says besides its phase and sentence. */
export interface StatusExtra {
  errorKind?: string;
  catchingUp?: CatchUp;
  /** A few words of a longer step's progress ("Loading 3 of 12"), for the indicator. */
  progress?: string;
}

/** Calls `write` with the status after each applied batch while behind, and once when done. */
export function catchUpReporter(
  startCursor: number,
  head: number,
  write: (message: string, extra: StatusExtra) => void,
): (cursor: number) => void {
  let behind = false;
  return (cursor) => {
    if (cursor < head) {
      behind = true;
      const catchingUp = { done: Math.max(0, cursor - startCursor), total: head - startCursor };
      write(CATCHING_UP, { catchingUp });
    } else if (behind) {
      behind = false;
      write(CONNECTED, {});
    }
  };
}
