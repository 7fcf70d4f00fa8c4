/**
 * Whether a wake of this task holds its lock (src/agent/task-lock.ts), asked every two
 * seconds while a "running" wake row is in view. A row whose wake ended without saving its
 * end (storage failed) stops blocking Wake agent within two seconds, not ten minutes.
 * Undefined while unknown, and where the browser cannot tell (no Web Locks API).
 */
import { useEffect, useState } from 'react';
import { isTaskLockHeld } from '../../agent/task-lock';

const POLL_MS = 2_000;

export function useWakeLockHeld(taskId: string, active: boolean): boolean | undefined {
  const [held, setHeld] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    const ask = () =>
      void isTaskLockHeld(taskId).then(
        (answer) => !stopped && setHeld(answer),
        () => !stopped && setHeld(undefined),
      );
    ask();
    const timer = setInterval(ask, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [taskId, active]);
  return active ? held : undefined;
}
