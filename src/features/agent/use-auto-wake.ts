/**
 * Automatic wakes (opt-in, Settings → Agent): while a task is open, watch the operations
 * on its row, checklist items and entries since it was opened, and wake the agent once
 * edits pause, never for the agent's own writes, never while a wake runs, never for a
 * task it may not act on.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { getDatabase } from '../../db/connection';
import { readAutoWakeWatch } from '../../db/queries/agent';
import { AutoWakeScheduler } from '../../agent/auto-wake-scheduler';
import { useWakeLockHeld } from './use-wake-lock-held';
import { wakeFromPage } from './wake-from-page';
import { useWakeProgressStore } from './wake-progress-store';

export interface AutoWakeOptions {
  /** How long edits must pause before the wake; 4 s unless a test says otherwise. */
  debounceMs?: number;
}

export function useAutoWake(taskId: string, options: AutoWakeOptions = {}): void {
  const { debounceMs } = options;
  const [scheduler, setScheduler] = useState(() => createScheduler(taskId, debounceMs));
  // Another task: start over with its own scheduler (and baseline).
  if (scheduler.taskId !== taskId) setScheduler(createScheduler(taskId, debounceMs));
  const watch = useLiveQuery(
    () => readAutoWakeWatch(getDatabase(), scheduler.taskId, scheduler.openedAt),
    [scheduler],
  );
  const runningHere = useWakeProgressStore((state) => state.byTask[taskId]?.status === 'running');
  const lockHeld = useWakeLockHeld(taskId, !runningHere && watch?.latestWake?.status === 'running');
  useEffect(() => scheduler.instance.setLockHeld(lockHeld), [scheduler, lockHeld]);

  useEffect(() => () => scheduler.instance.dispose(), [scheduler]);
  useEffect(() => {
    if (watch !== undefined) scheduler.instance.observe(watch, runningHere);
  }, [scheduler, watch, runningHere]);
}

function createScheduler(taskId: string, debounceMs: number | undefined) {
  return {
    taskId,
    /** The watch reads the task's operations from here on (the ledger's time, ISO). */
    openedAt: new Date().toISOString(),
    instance: new AutoWakeScheduler({
      taskId,
      debounceMs,
      wake: (id) => void wakeFromPage(id, 'automatic'),
    }),
  };
}
