/** Which labels a task may carry: existing, in the task's category scope, not suppressed for the agent. */
import { labelAppliesTo, type Label } from '../../domain/category';
import type { Task } from '../../domain/task';
import type { JournalReader } from '../../domain/journal-access';
import { ToolInputError } from '../tool-errors';
import { isLive } from '../../domain/is-live';

export async function requireAssignableLabel(
  journal: JournalReader,
  task: Task,
  labelId: string,
  byAgent: boolean,
): Promise<Label> {
  const label = await journal.label(labelId);
  if (!isLive(label)) {
    const available = (await journal.labels())
      .filter((candidate) => isLive(candidate) && labelAppliesTo(candidate, task.categoryId))
      .map((candidate) => `{"id": "${candidate.id}"} (${candidate.name})`);
    throw new ToolInputError(
      `No label with id "${labelId}" exists. Only existing labels can be assigned; available: ${available.join(', ') || 'none'}.`,
    );
  }
  if (!labelAppliesTo(label, task.categoryId)) {
    throw new ToolInputError(
      `The label "${label.name}" does not apply to tasks in this task's category.`,
    );
  }
  if (byAgent && task.suppressedLabelIds.includes(label.id)) {
    throw new ToolInputError(
      `The user removed the label "${label.name}" from this task; do not assign it again.`,
    );
  }
  return label;
}
