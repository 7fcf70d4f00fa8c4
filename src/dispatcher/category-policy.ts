/**
 * Fail-closed category scope for agent-originated writes (ADR 0004): the target task's
 * category must exist and be in the agent's allowlist, or the handler never runs.
 */
import type { CountersignDatabase } from '../db/database';
import type { JournalReader } from '../domain/journal-access';
import { DEFAULT_AGENT_ID } from '../domain/agent';

/** Returns why the call is denied, or undefined when it may run. */
export async function checkCategoryPolicy(
  db: CountersignDatabase,
  journal: JournalReader,
  taskId: string | undefined,
  agentId: string = DEFAULT_AGENT_ID,
): Promise<string | undefined> {
  if (!taskId) return 'Denied: the agent may only change a task, and this call names none.';
  const task = await journal.task(taskId);
  if (!task) return `Denied: the task "${taskId}" does not exist.`;
  if (!task.categoryId)
    return 'Denied: this task has no category, and the agent may only act on categories the user allowed.';
  const agent = await db.agents.get(agentId);
  if (!agent || !agent.allowedCategoryIds.includes(task.categoryId)) {
    const category = await journal.category(task.categoryId);
    return `Denied: the agent is not allowed to act on tasks in the category "${category?.name ?? task.categoryId}". The user can allow it in Settings.`;
  }
  return undefined;
}
