/**
 * Why the agent may not work on this task, said before anyone taps Wake agent, with the
 * one-tap way out when there is one ("Allow the agent on ‹category›", applied at once).
 */
import type { PolicyVerdict } from '../../domain/agent-policy';
import { allowAgentOnCategory } from '../../dispatcher/user-edit';
import { ActionNotice } from '../../ui/action-notice';

export function PolicyNotice({
  verdict,
  id,
}: {
  verdict: Exclude<PolicyVerdict, { allowed: true }>;
  id: string;
}) {
  const allowable = verdict.reason === 'not-allowed' ? verdict : undefined;
  return (
    <ActionNotice
      id={id}
      action={
        allowable && {
          label: `Allow the agent on ${allowable.categoryName}`,
          run: () => allowAgentOnCategory(allowable.categoryId),
        }
      }
    >
      {allowable ? (
        <p>
          The agent may not act on tasks in <strong>{allowable.categoryName}</strong>, so nothing
          from this task is sent to a model.
        </p>
      ) : (
        <p>
          This task has no category. The agent only acts on tasks in categories you allow: choose a
          category for the task, then allow the agent on it.
        </p>
      )}
    </ActionNotice>
  );
}
