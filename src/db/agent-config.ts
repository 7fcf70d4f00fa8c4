/**
 * The default agent's policy row: which categories it may act on. The dispatcher's policy
 * reads the same row, so what Settings shows is what is enforced. It is written only
 * through dispatch() (`allow_agent_category`, `delete_category`).
 */
import { DEFAULT_AGENT_ID, type Agent } from '../domain/agent';
import { policyVerdict, type PolicyVerdict } from '../domain/agent-policy';
import type { CountersignDatabase } from './database';

export async function readDefaultAgent(db: CountersignDatabase): Promise<Agent | undefined> {
  return db.agents.get(DEFAULT_AGENT_ID);
}

/** Whether the agent may act on this task now, and if not, why (see domain/agent-policy). */
export async function readPolicyVerdict(
  db: CountersignDatabase,
  taskId: string,
  agentId: string = DEFAULT_AGENT_ID,
): Promise<PolicyVerdict> {
  const task = taskId ? await db.tasks.get(taskId) : undefined;
  const [category, agent] = await Promise.all([
    task?.categoryId ? db.categories.get(task.categoryId) : undefined,
    db.agents.get(agentId),
  ]);
  return policyVerdict(task, category, agent);
}
