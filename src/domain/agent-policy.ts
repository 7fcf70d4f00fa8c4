/**
 * The agent's category scope (fail closed): it may act on a task only when the task
 * exists, has a category that still exists, and that category is on the agent's
 * allowlist. One rule for the dispatcher (before a handler runs), the wake (before any
 * of the task's journal is sent to a provider) and the screens that say why not.
 */
import type { Agent } from './agent';
import type { Category } from './category';
import type { Task } from './task';
import { isLive } from './is-live';

export type PolicyVerdict =
  | { allowed: true; categoryId: string; categoryName: string }
  | { allowed: false; reason: 'task-missing' }
  | { allowed: false; reason: 'no-category' }
  | { allowed: false; reason: 'not-allowed'; categoryId: string; categoryName: string };

/**
 * `category` is the stored row of the task's category, deleted or not: a deleted category
 * counts as no category, whatever the allowlist still says.
 */
export function policyVerdict(
  task: Task | undefined,
  category: Category | undefined,
  agent: Pick<Agent, 'allowedCategoryIds'> | undefined,
): PolicyVerdict {
  if (!isLive(task)) return { allowed: false, reason: 'task-missing' };
  if (!task.categoryId || !isLive(category)) return { allowed: false, reason: 'no-category' };
  if (!agent?.allowedCategoryIds.includes(category.id))
    return {
      allowed: false,
      reason: 'not-allowed',
      categoryId: category.id,
      categoryName: category.name,
    };
  return { allowed: true, categoryId: category.id, categoryName: category.name };
}

/** The denial in words, for the model (a tool result), the audit trail and the person. */
export function describeDenial(verdict: Exclude<PolicyVerdict, { allowed: true }>): string {
  switch (verdict.reason) {
    case 'task-missing':
      return 'Denied: the task does not exist (it may have been deleted).';
    case 'no-category':
      return 'Denied: this task has no category, and the agent may only act on tasks in categories the user allowed.';
    case 'not-allowed':
      return `Denied: the agent is not allowed to act on tasks in the category "${verdict.categoryName}". The user can allow it on the task page or in Settings.`;
  }
}
