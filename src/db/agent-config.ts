/**
 * The default agent's configuration on this device: which categories it may act on.
 * The dispatcher's policy reads the same row, so what Settings shows is what is enforced.
 */
import { DEFAULT_AGENT_ID, type Agent } from '../domain/agent';
import type { CountersignDatabase } from './database';

export async function readDefaultAgent(db: CountersignDatabase): Promise<Agent | undefined> {
  return db.agents.get(DEFAULT_AGENT_ID);
}

export async function saveAgentAllowedCategories(
  db: CountersignDatabase,
  categoryIds: string[],
): Promise<void> {
  await db.transaction('rw', db.agents, async () => {
    const now = new Date().toISOString();
    const existing = await db.agents.get(DEFAULT_AGENT_ID);
    await db.agents.put({
      id: DEFAULT_AGENT_ID,
      name: existing?.name ?? 'Task agent',
      directives: existing?.directives ?? '',
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
      rev: (existing?.rev ?? 0) + 1,
      vectorClock: existing?.vectorClock ?? {},
      allowedCategoryIds: [...new Set(categoryIds)],
    });
  });
}
