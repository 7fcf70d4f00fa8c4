/** Shared by the task-field tools: which task a call is about, and loading it. */
import type { Task } from '../../domain/task';
import type { JournalReader } from '../../domain/journal-access';
import { EntityNotFoundError } from '../../domain/errors';
import { ToolInputError } from '../tool-errors';

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
  if (!task || task.deletedAt) throw new EntityNotFoundError('tasks', taskId);
  return task;
}

export function formatMinutes(minutes: number | undefined): string {
  if (minutes === undefined) return 'none';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
