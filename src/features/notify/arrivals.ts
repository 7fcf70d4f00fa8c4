/**
 * Which proposals are news: change sets that came from another device (or the agent
 * device) since this page last looked, grouped by task. Sets this device made, and sets
 * already waiting when the page opened, are never news.
 */
import type { ChangeSet } from '../../domain/change-set';

export type WaitingSet = Pick<ChangeSet, 'id' | 'taskId' | 'counts'> & {
  /** Its proposals were written by another device (db/queries/review-proposals.ts, madeElsewhere). */
  madeElsewhere: boolean;
};

export interface Arrival {
  taskId: string;
  /** Changes waiting in the sets that arrived for this task. */
  changes: number;
  /** The newest set's id: the notification's tag, so a repeat replaces it. */
  changeSetId: string;
}

export function findArrivals(seen: ReadonlySet<string>, waiting: readonly WaitingSet[]): Arrival[] {
  const byTask = new Map<string, Arrival>();
  for (const set of waiting) {
    if (seen.has(set.id) || set.counts.waiting === 0 || !set.madeElsewhere) continue;
    const arrival = byTask.get(set.taskId);
    byTask.set(set.taskId, {
      taskId: set.taskId,
      changes: (arrival?.changes ?? 0) + set.counts.waiting,
      changeSetId: set.id,
    });
  }
  return [...byTask.values()];
}

/** The words of one arrival's notification. */
export function describeArrival(changes: number, taskTitle: string | undefined) {
  return {
    title: `${changes} ${changes === 1 ? 'change' : 'changes'} to review`,
    body: `Proposed for “${taskTitle ?? 'a task'}”. Tap to review.`,
  };
}
