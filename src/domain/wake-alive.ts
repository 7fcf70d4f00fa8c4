/**
 * Whether a wake row marked "running" is still running: the rule the agent panel, the
 * automatic wake and the proposals card share, so they agree on what a stale row is.
 */
import type { Wake } from './agent';

/** A wake row still "running" after this long is taken to be from a tab that died. */
const RUNNING_WAKE_WINDOW_MS = 10 * 60_000;

/**
 * Whether a wake row marked "running" (not this tab's) still runs: the task's lock says so
 * where the browser can tell (a wake whose final save failed left its row "running" but
 * released the lock); elsewhere, for ten minutes from its start.
 */
export function isWakeRowAlive(
  row: Pick<Wake, 'status' | 'startedAt'>,
  { now, lockHeld }: { now: number; lockHeld: boolean | undefined },
): boolean {
  if (row.status !== 'running') return false;
  if (lockHeld !== undefined) return lockHeld;
  return now - Date.parse(row.startedAt) < RUNNING_WAKE_WINDOW_MS;
}
