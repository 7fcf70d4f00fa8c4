/**
 * Starts a wake of one task from this tab and streams its progress into the store.
 * The one place the panel and the auto-wake go through, so a task never has two wakes
 * started here at once (the worker's lock refuses the rest across tabs). With sync set
 * up, the wake claims its task first, so one trigger makes one wake across devices
 * (wake-claimed-here.ts, loaded only then).
 */
import type { WakeOutcome } from '../../agent/run-wake';
import { cancelInWorker, wakeInWorker } from '../../agent/wake-in-worker';
import { getDatabase } from '../../db/connection';
import { isSyncEnabled, readSyncConfig } from '../../db/sync-connection';
import type { ClaimedHere } from './wake-claimed-here';
import { isWakeRunningHere, useWakeProgressStore, type WakeReason } from './wake-progress-store';

type RunHere = (signal?: AbortSignal, turn?: (turn: number) => void) => Promise<WakeOutcome>;

/**
 * Resolves with the outcome, or undefined when this tab was already waking the task, or
 * an automatic wake did not start (it could not claim, or another device has the task).
 */
export async function wakeFromPage(
  taskId: string,
  reason: WakeReason = 'manual',
): Promise<WakeOutcome | undefined> {
  if (isWakeRunningHere(taskId)) return undefined;
  const store = useWakeProgressStore.getState();
  const before = store.byTask[taskId];
  store.wakeRequested(taskId, reason);
  const run: RunHere = (signal, turn) => runInWorker(taskId, reason, signal, turn);
  let outcome: WakeOutcome;
  try {
    const claimed = await claimFirst(taskId, reason, run);
    if (claimed.kind === 'skipped' || (claimed.kind === 'held' && reason === 'automatic')) {
      useWakeProgressStore.getState().wakeWithdrawn(taskId, before);
      return undefined;
    }
    outcome =
      claimed.kind === 'ran'
        ? claimed.outcome
        : claimed.kind === 'held'
          ? { status: 'busy', message: claimed.words, proposed: 0, turns: 0 }
          : await run();
  } catch (error) {
    // wakeInWorker promises not to throw; should it ever, the panel must not spin forever.
    const message = error instanceof Error ? error.message : String(error);
    outcome = { status: 'failed', kind: 'worker', message, proposed: 0, turns: 0 };
  }
  useWakeProgressStore.getState().wakeFinished(taskId, outcome);
  return outcome;
}

async function claimFirst(taskId: string, reason: WakeReason, run: RunHere): Promise<ClaimedHere> {
  const db = getDatabase();
  const stored = await readSyncConfig(db).catch(() => undefined);
  if (!isSyncEnabled(stored)) return { kind: 'unclaimed' };
  let started = false;
  try {
    const { wakeClaimedHere } = await import('./wake-claimed-here');
    return await wakeClaimedHere(db, stored, taskId, reason, (signal, turn) => {
      started = true;
      return run(signal, turn);
    });
  } catch (error) {
    if (started) throw error;
    // The claim's code did not load, or the journal could not be read: as if offline.
    return reason === 'automatic' ? { kind: 'skipped' } : { kind: 'unclaimed' };
  }
}

function runInWorker(
  taskId: string,
  reason: WakeReason,
  signal?: AbortSignal,
  turn?: (turn: number) => void,
): Promise<WakeOutcome> {
  // Another device took the task mid-wake (its lease was judged expired): this wake stops.
  signal?.addEventListener('abort', () => cancelInWorker(taskId), { once: true });
  return wakeInWorker(
    taskId,
    (progress) => {
      if (progress.type === 'thinking') turn?.(progress.turn);
      useWakeProgressStore.getState().progressReceived(taskId, progress);
    },
    reason,
  );
}

export function cancelFromPage(taskId: string): void {
  if (!isWakeRunningHere(taskId)) return;
  useWakeProgressStore.getState().cancelRequested(taskId);
  cancelInWorker(taskId);
}
