/**
 * The task model's constants and their types, without the zod schemas built from them
 * (those are in task.ts, which re-exports all of this). Code that only needs a status
 * list or a limit, such as the task list, imports this and does not pull zod into the
 * first page's bundle.
 */
export const TASK_STATUSES = [
  'OPEN',
  'GROOMED',
  'IN PROGRESS',
  'BLOCKED',
  'ON HOLD',
  'DONE',
  'REJECTED',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Statuses that need a reason: the person reading the history should know why. */
const STATUSES_NEEDING_REASON: readonly TaskStatus[] = ['BLOCKED', 'ON HOLD'];

export const PRIORITIES = ['P0', 'P1', 'P2', 'P3'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const DEFAULT_PRIORITY: Priority = 'P2';

export const TITLE_MAX_LENGTH = 400;
export const ESTIMATE_MIN_MINUTES = 1;
export const ESTIMATE_MAX_MINUTES = 1440;

export function needsReason(status: TaskStatus): boolean {
  return STATUSES_NEEDING_REASON.includes(status);
}

export const PRIORITY_NAMES: Record<Priority, string> = {
  P0: 'P0 · urgent',
  P1: 'P1 · high',
  P2: 'P2 · normal',
  P3: 'P3 · low',
};
