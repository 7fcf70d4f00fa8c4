/** The one place a status changes: history entry, reason rule, no-op detection. */
import { actorOf } from '../../domain/actor';
import { needsReason, type TaskStatus } from '../../domain/task';
import type { JournalWriter } from '../../domain/journal-access';
import type { ToolContext, ToolOutcome } from '../tool-definition';
import { ToolInputError } from '../tool-errors';
import { requireTask } from './task-target';

export async function applyStatusChange(
  status: TaskStatus,
  reason: string | undefined,
  journal: JournalWriter,
  context: ToolContext,
): Promise<ToolOutcome> {
  const task = await requireTask(journal, context.taskId);
  const trimmedReason = reason?.trim() || undefined;
  if (needsReason(status) && !trimmedReason) {
    throw new ToolInputError(
      `A reason is required for ${status}. Example: {"status": "${status}", "reason": "Waiting for the design review"}.`,
    );
  }
  if (task.status === status && (task.statusReason ?? undefined) === trimmedReason) {
    return { output: `The status is already ${status}; nothing changed.`, noop: true };
  }
  await journal.update('tasks', task.id, {
    status,
    statusReason: needsReason(status) ? trimmedReason : undefined,
    statusHistory: [
      ...task.statusHistory,
      { status, reason: trimmedReason, at: context.now, by: actorOf(context.source) },
    ],
  });
  return { output: `Status set to ${status}${trimmedReason ? ` (${trimmedReason})` : ''}.` };
}
