import { z } from 'zod';
import { statusReasonSchema, taskStatusSchema } from '../../domain/task';
import { defineInternalTool } from '../tool-definition';
import { applyStatusChange } from './apply-status-change';
import { contextTaskId } from './task-target';

/** The user's own status change: every status, DONE and REJECTED included. */
export const changeTaskStatus = defineInternalTool({
  name: 'change_task_status',
  argsSchema: z.object({ status: taskStatusSchema, reason: statusReasonSchema.optional() }),
  summarize: ({ status, reason }) => `Set status to ${status}${reason ? ` (${reason})` : ''}`,
  targetTaskId: contextTaskId,
  handle: ({ status, reason }, journal, context) =>
    applyStatusChange(status, reason, journal, context),
});
