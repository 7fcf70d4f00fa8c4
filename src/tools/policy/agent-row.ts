/** The default agent's policy row, as the journal port sees it (created on first write). */
import { DEFAULT_AGENT_ID, type Agent } from '../../domain/agent';
import type { JournalReader, JournalWriter } from '../../domain/journal-access';
import { isLive } from '../../domain/is-live';

type AgentFields = Partial<
  Pick<Agent, 'allowedCategoryIds' | 'trustedTools' | 'ttlDays' | 'schedule'>
>;

/** Writes fields of the agent's row, creating the row when the agent was never configured. */
export async function writeAgentFields(
  journal: JournalWriter,
  existing: Agent | undefined,
  fields: AgentFields,
  now: string,
): Promise<void> {
  if (existing) {
    await journal.update('agents', existing.id, fields);
    return;
  }
  await journal.restore('agents', {
    id: DEFAULT_AGENT_ID,
    name: 'Task agent',
    directives: '',
    allowedCategoryIds: [],
    ...fields,
    createdAt: now,
    updatedAt: now,
    rev: 0,
    vectorClock: {},
  });
}

/** The default agent's row (its allowlist), or undefined when it was never configured. */
export async function defaultAgent(journal: JournalReader): Promise<Agent | undefined> {
  const agent = await journal.storedRow('agents', DEFAULT_AGENT_ID);
  return isLive(agent) ? agent : undefined;
}
