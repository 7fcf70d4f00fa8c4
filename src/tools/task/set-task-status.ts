import { z } from 'zod';
import { needsReason, statusReasonSchema } from '../../domain/task';
import { defineDeferredTool } from '../tool-definition';
import { applyStatusChange } from './apply-status-change';
import { contextTaskId, requireTask } from './task-target';
import { RATIONALE_HINT, withRationale } from '../rationale';

/** The statuses the agent may propose; DONE and REJECTED are the user's call. */
const AGENT_STATUSES = ['OPEN', 'GROOMED', 'IN PROGRESS', 'BLOCKED', 'ON HOLD'] as const;

export const setTaskStatus = defineDeferredTool({
  name: 'set_task_status',
  example: { status: 'BLOCKED', reason: 'Waiting for API keys' },
  // `change_task_status` is also the person's own (internal) tool; a model saying it means this one.
  aliases: ['update_task_status', 'change_task_status', 'set_status'],
  review: { kind: 'Status', trustedAs: 'Status' },
  fieldLabels: { status: 'status', statusReason: 'status reason' },
  description:
    'Propose a new status: OPEN, GROOMED, IN PROGRESS, BLOCKED or ON HOLD. DONE and REJECTED are ' +
    'decided by the user only; never propose them. BLOCKED and ON HOLD need a "reason". Do not ' +
    'propose the status the task already has. Example: {"status": "BLOCKED", "reason": "Waiting for API keys"}. ' +
    `The "reason" belongs to the status; the rationale says why you propose it. ${RATIONALE_HINT}`,
  argsSchema: withRationale(
    z.object({
      status: z.preprocess(
        (value) =>
          typeof value === 'string' ? value.trim().toUpperCase().replace(/_/g, ' ') : value,
        z.enum(AGENT_STATUSES, {
          error: (issue) =>
            issue.input === 'DONE' || issue.input === 'REJECTED'
              ? `${String(issue.input)} is decided by the user only. Use one of ${AGENT_STATUSES.join(', ')}.`
              : `Expected one of ${AGENT_STATUSES.join(', ')}, for example "IN PROGRESS".`,
        }),
      ),
      reason: statusReasonSchema.optional(),
    }),
  ),
  summarize: ({ status, reason }) => `Set status to ${status}${reason ? ` (${reason})` : ''}`,
  proposalTarget: (_args, context) =>
    context.taskId
      ? { table: 'tasks', id: context.taskId, fields: ['status', 'statusReason'] }
      : undefined,
  async checkProposal({ status, reason }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    if (needsReason(status) && !reason?.trim()) return `A reason is required for ${status}.`;
    return task.status === status ? `The status is already ${status}.` : undefined;
  },
  targetTaskId: contextTaskId,
  async preview({ status, reason }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    // The reason is stored with the status: the row shows it where the decision is made.
    return { before: task.status, after: status, ...(reason ? { note: `Reason: ${reason}` } : {}) };
  },
  handle: ({ status, reason }, journal, context) =>
    applyStatusChange(status, reason, journal, context),
});
