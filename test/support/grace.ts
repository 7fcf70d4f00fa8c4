/**
 * Deliberate waits in the sync tests, named so that none passes for a wait on a state. A test
 * that expects nothing more to arrive (no duplicate, no message past the end, no fetch after
 * a stop) can only listen for a while longer: these say how long, and why.
 */

/** After the last expected message: a duplicate or a message past the end arrives by then. */
export const LATE_MESSAGE_GRACE_MS = 500;

/** After a feed is stopped: a fetch already under way may still finish, no later one starts. */
export const STOPPED_FEED_GRACE_MS = 20;

/** A fresh feed subscribes before a timed run, so its start-up is not counted as latency. */
export const FEED_START_GRACE_MS = 300;

export function graceWait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
