import { z } from 'zod';
import { dueDateSchema } from '../../domain/due-date';
import { idSchema } from '../../domain/entity';
import { isLive } from '../../domain/is-live';
import {
  DEFAULT_PRIORITY,
  estimateMinutesSchema,
  prioritySchema,
  taskTitleSchema,
} from '../../domain/task';
import { defineInternalTool } from '../tool-definition';
import { EntityNotFoundError } from '../../domain/errors';

export const createTask = defineInternalTool({
  name: 'create_task',
  argsSchema: z.object({
    title: taskTitleSchema,
    priority: prioritySchema.optional(),
    categoryId: idSchema.optional(),
    estimateMinutes: estimateMinutesSchema.optional(),
    dueDate: dueDateSchema.optional(),
  }),
  summarize: ({ title }) => `Create task "${title}"`,
  targetTaskId: async () => undefined,
  async handle(args, journal, context) {
    if (args.categoryId) {
      const category = await journal.category(args.categoryId);
      if (!isLive(category)) throw new EntityNotFoundError('categories', args.categoryId);
    }
    const task = await journal.create('tasks', {
      title: args.title,
      status: 'OPEN',
      statusHistory: [{ status: 'OPEN', at: context.now, by: 'user' }],
      priority: args.priority ?? DEFAULT_PRIORITY,
      estimateMinutes: args.estimateMinutes,
      dueDate: args.dueDate,
      categoryId: args.categoryId,
      labelIds: [],
      suppressedLabelIds: [],
    });
    return { output: `Created task "${task.title}".`, data: { taskId: task.id } };
  },
});
