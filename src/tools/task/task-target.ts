/** Shared by the task-field tools: which task a call is about, and loading it. */
import type { Task } from '../../domain/task';
import type { JournalReader } from '../../domain/journal-access';
import { EntityNotFoundError } from '../../domain/errors';
import { ToolInputError } from '../tool-errors';
import { isLive } from '../../domain/is-live';

export async function contextTaskId(
  _args: unknown,
  context: { taskId?: string },
): Promise<string | undefined> {
  return context.taskId;
}

export async function requireTask(
  journal: JournalReader,
  taskId: string | undefined,
): Promise<Task> {
  if (!taskId) throw new ToolInputError('This tool works on a task, and no task was given.');
  const task = await journal.task(taskId);
  if (!isLive(task)) throw new EntityNotFoundError('tasks', taskId);
  return task;
}
