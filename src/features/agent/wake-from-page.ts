/**
 * Starts a wake of one task from this tab and streams its progress into the store.
 * The one place the panel and the auto-wake go through, so a task never has two wakes
 * started here at once (the worker's lock refuses the rest across tabs).
 */
import type { WakeOutcome } from '../../agent/run-wake';
import { cancelInWorker, wakeInWorker } from '../../agent/wake-in-worker';
import { isWakeRunningHere, useWakeProgressStore, type WakeReason } from './wake-progress-store';

/** Resolves with the outcome, or undefined when this tab was already waking the task. */
export async function wakeFromPage(
  taskId: string,
  reason: WakeReason = 'manual',
): Promise<WakeOutcome | undefined> {
  if (isWakeRunningHere(taskId)) return undefined;
  const store = useWakeProgressStore.getState();
  store.wakeRequested(taskId, reason);
  let outcome: WakeOutcome;
  try {
    outcome = await wakeInWorker(
      taskId,
      (progress) => useWakeProgressStore.getState().progressReceived(taskId, progress),
      reason,
    );
  } catch (error) {
    // wakeInWorker promises not to throw; should it ever, the panel must not spin forever.
    const message = error instanceof Error ? error.message : String(error);
    outcome = { status: 'failed', kind: 'worker', message, proposed: 0, turns: 0 };
  }
  useWakeProgressStore.getState().wakeFinished(taskId, outcome);
  return outcome;
}

export function cancelFromPage(taskId: string): void {
  if (!isWakeRunningHere(taskId)) return;
  useWakeProgressStore.getState().cancelRequested(taskId);
  cancelInWorker(taskId);
}
