/**
 * Fail-closed category scope for agent-originated writes (docs/decisions/0003-policy-fails-closed.md): the target task's
 * category must exist and be in the agent's allowlist, or the handler never runs.
 */
import { DEFAULT_AGENT_ID } from '../domain/agent';
import { describeDenial, policyVerdict } from '../domain/agent-policy';
import type { JournalReader } from '../domain/journal-access';

/** Returns why the call is denied, or undefined when it may run. */
export async function checkCategoryPolicy(
  journal: JournalReader,
  taskId: string | undefined,
  agentId: string = DEFAULT_AGENT_ID,
): Promise<string | undefined> {
  if (!taskId) return 'Denied: the agent may only change a task, and this call names none.';
  const task = await journal.task(taskId);
  // Through the journal: in a transaction of many calls, each row is read once.
  const [category, agent] = await Promise.all([
    task?.categoryId ? journal.storedRow('categories', task.categoryId) : undefined,
    journal.storedRow('agents', agentId),
  ]);
  const verdict = policyVerdict(task, category, agent);
  return verdict.allowed ? undefined : describeDenial(verdict);
}
