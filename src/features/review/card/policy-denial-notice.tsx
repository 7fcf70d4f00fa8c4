/**
 * Said once for a task's proposals, not as a failure on every row: the agent's policy
 * changed after it proposed (its category was disallowed or deleted), so nothing can be
 * applied until the person allows it again. Rejecting still works.
 */
import type { PolicyVerdict } from '../../../domain/agent-policy';
import { allowAgentOnCategory } from '../../../dispatcher/user-edit';
import { ActionNotice } from '../../../ui/action-notice';

export type PolicyDenial = Exclude<PolicyVerdict, { allowed: true }>;

/** A denial the person can do something about on this screen; task-missing is not one. */
export function blockingDenial(verdict: PolicyVerdict | undefined): PolicyDenial | undefined {
  return verdict && !verdict.allowed && verdict.reason !== 'task-missing' ? verdict : undefined;
}

export function PolicyDenialNotice({ denial, id }: { denial: PolicyDenial; id: string }) {
  const why =
    denial.reason === 'not-allowed'
      ? `while the agent may not act on tasks in "${denial.categoryName}"`
      : 'while the task has no category (the agent only acts on tasks in categories you allow)';
  return (
    <ActionNotice
      id={id}
      action={
        denial.reason === 'not-allowed'
          ? {
              label: `Allow the agent on ${denial.categoryName}`,
              run: () => allowAgentOnCategory(denial.categoryId),
            }
          : undefined
      }
    >
      <p>These changes cannot be applied {why}. You can still reject them.</p>
    </ActionNotice>
  );
}
