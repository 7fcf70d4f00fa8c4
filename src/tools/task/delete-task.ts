import { z } from 'zod';
import { defineInternalTool } from '../tool-definition';
import { contextTaskId, requireTask } from './task-target';

/** Soft-deletes the task with its checklist and entries, so undo and sync can see them. */
export const deleteTask = defineInternalTool({
  name: 'delete_task',
  argsSchema: z.object({}),
  summarize: () => 'Delete task',
  targetTaskId: contextTaskId,
  async handle(_args, journal, context) {
    const task = await requireTask(journal, context.taskId);
    for (const item of await journal.checklistItems(task.id))
      await journal.remove('checklistItems', item.id);
    await journal.remove('tasks', task.id);
    return { output: `Deleted task "${task.title}".` };
  },
});
