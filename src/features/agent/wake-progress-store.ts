/**
 * What this tab knows about the wakes it started, keyed by task id (zustand: ephemeral,
 * lost on reload; the `wakes` table is the record). It outlives the panel, so leaving
 * a task and coming back still shows its wake's progress.
 */
import { create } from 'zustand';
import type { WakeOutcome } from '../../agent/run-wake';
import type { WakeEnding, WakeProgress } from '../../agent/wake-progress';
import { clearWakeAsked, markWakeAsked, takeUnstartedWakes } from './wake-request-marks';

/** Said for a wake this tab asked for that the page's reload stopped before it began. */
export const NOT_STARTED_MESSAGE =
  'The wake you asked for did not start: the page was reloaded before the agent began. Wake the agent again to run it.';

function unstartedWakes(): Record<string, TaskWake> {
  return Object.fromEntries(
    takeUnstartedWakes().map((taskId): [string, TaskWake] => [
      taskId,
      {
        status: 'failed',
        reason: 'manual',
        proposed: 0,
        turns: 0,
        cancelRequested: false,
        message: NOT_STARTED_MESSAGE,
        failureKind: 'not-started',
      },
    ]),
  );
}

export type WakeReason = 'manual' | 'automatic';

export interface TaskWake {
  status: 'running' | 'done' | 'failed' | 'cancelled' | 'busy';
  reason: WakeReason;
  /** Set by the worker's `started` event. */
  wakeId?: string;
  /** The latest event that says what the agent is doing (not a tool call or a count). */
  phase?: WakeProgress;
  /** The latest tool call, for a quiet "last step" line. */
  lastTool?: Extract<WakeProgress, { type: 'tool' }>;
  proposed: number;
  /** The immediate tools this wake applied (without asking), once each, in order. */
  appliedTools?: readonly string[];
  turns: number;
  cancelRequested: boolean;
  /** Why the wake failed, or what "busy" said. */
  message?: string;
  failureKind?: string;
  oneLiner?: string;
  /** A wake done without its usual end (an empty answer, words only, out of turns). */
  ending?: WakeEnding;
  /** How many of the agent's calls were refused, each answered with why. */
  refused?: number;
}

interface WakeProgressState {
  byTask: Record<string, TaskWake>;
  wakeRequested(taskId: string, reason: WakeReason): void;
  progressReceived(taskId: string, progress: WakeProgress): void;
  cancelRequested(taskId: string): void;
  wakeFinished(taskId: string, outcome: WakeOutcome): void;
  /** A wake that did not start after all (an automatic one that could not claim): as before it. */
  wakeWithdrawn(taskId: string, before: TaskWake | undefined): void;
}

export const useWakeProgressStore = create<WakeProgressState>((set) => {
  const update = (taskId: string, change: (wake: TaskWake) => TaskWake) =>
    set((state) => {
      const wake = state.byTask[taskId];
      return wake ? { byTask: { ...state.byTask, [taskId]: change(wake) } } : state;
    });

  return {
    byTask: unstartedWakes(),
    wakeRequested(taskId, reason) {
      // Only a wake the person asked for: an automatic one comes again with their next edit.
      if (reason === 'manual') markWakeAsked(taskId);
      set((state) => ({
        byTask: {
          ...state.byTask,
          [taskId]: { status: 'running', reason, proposed: 0, turns: 0, cancelRequested: false },
        },
      }));
    },
    progressReceived(taskId, progress) {
      if (progress.type === 'started') clearWakeAsked(taskId);
      update(taskId, (wake) => applyProgress(wake, progress));
    },
    cancelRequested(taskId) {
      update(taskId, (wake) =>
        wake.status === 'running' ? { ...wake, cancelRequested: true } : wake,
      );
    },
    wakeFinished(taskId, outcome) {
      clearWakeAsked(taskId);
      update(taskId, (wake) => settle(wake, outcome));
    },
    wakeWithdrawn(taskId, before) {
      set((state) => {
        const { [taskId]: _withdrawn, ...others } = state.byTask;
        return { byTask: before ? { ...others, [taskId]: before } : others };
      });
    },
  };
});

function applyProgress(wake: TaskWake, progress: WakeProgress): TaskWake {
  switch (progress.type) {
    case 'started':
      return { ...wake, wakeId: progress.wakeId, phase: progress };
    case 'connecting':
    case 'waiting':
    case 'notice':
      return { ...wake, phase: progress };
    case 'thinking':
      return { ...wake, phase: progress, turns: Math.max(wake.turns, progress.turn) };
    case 'tool': {
      const applied = wake.appliedTools ?? [];
      return progress.outcome === 'applied' && !applied.includes(progress.toolName)
        ? { ...wake, lastTool: progress, appliedTools: [...applied, progress.toolName] }
        : { ...wake, lastTool: progress };
    }
    case 'proposed':
      return { ...wake, proposed: progress.total };
    case 'done':
      return {
        ...wake,
        status: 'done',
        phase: progress,
        proposed: progress.proposed,
        turns: progress.turns,
        oneLiner: progress.oneLiner,
        ending: progress.ending,
        refused: progress.refused,
      };
    case 'failed':
      return {
        ...wake,
        status: 'failed',
        phase: progress,
        message: progress.message,
        failureKind: progress.kind,
      };
    case 'cancelled':
      return { ...wake, status: 'cancelled', phase: progress };
    case 'busy':
      return { ...wake, status: 'busy', phase: progress, message: progress.message };
  }
}

/** The outcome is the last word: it holds even if the last progress event was lost. */
function settle(wake: TaskWake, outcome: WakeOutcome): TaskWake {
  const counts = {
    proposed: Math.max(wake.proposed, outcome.proposed),
    turns: Math.max(wake.turns, outcome.turns),
    wakeId: outcome.wakeId ?? wake.wakeId,
  };
  switch (outcome.status) {
    case 'done':
      return {
        ...wake,
        ...counts,
        status: 'done',
        ending: outcome.ending ?? wake.ending,
        refused: outcome.refused ?? wake.refused,
      };
    case 'cancelled':
      return { ...wake, ...counts, status: 'cancelled' };
    case 'busy':
      return { ...wake, ...counts, status: 'busy', message: outcome.message ?? wake.message };
    case 'failed':
    case 'missing':
    case 'denied':
      return {
        ...wake,
        ...counts,
        status: 'failed',
        message: outcome.message ?? wake.message ?? 'The wake failed.',
        failureKind: outcome.kind ?? wake.failureKind ?? outcome.status,
      };
  }
}

/** This tab's wake of one task, if it started one. */
export function useTaskWake(taskId: string): TaskWake | undefined {
  return useWakeProgressStore((state) => state.byTask[taskId]);
}

export function isWakeRunningHere(taskId: string): boolean {
  return useWakeProgressStore.getState().byTask[taskId]?.status === 'running';
}
