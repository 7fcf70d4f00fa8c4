/**
 * The person's choices for the agent (trusted tools, proposal expiry, the schedule), saved
 * through the write path: audited, undoable and synced like any journal edit
 * (tools/policy/set-agent-choices.ts). Each save throws the reason in words when it fails.
 */
import type { AgentSchedule } from '../domain/agent-schedule';
import { forgetDeviceChoices, readDeviceChoices } from '../db/agent-settings';
import type { CountersignDatabase } from '../db/database';
import { dispatch } from './dispatch';

interface Choices {
  trustedTools?: string[];
  ttlDays?: number;
  schedule?: AgentSchedule;
  onlyUnset?: boolean;
}

async function saveChoices(db: CountersignDatabase, choices: Choices): Promise<void> {
  const result = await dispatch(db, 'set_agent_choices', choices, { source: 'user' });
  if (!result.success) throw new Error(result.output);
}

export function saveTrustedTools(db: CountersignDatabase, toolNames: string[]): Promise<void> {
  return saveChoices(db, { trustedTools: [...new Set(toolNames)] });
}

export function saveTtlDays(db: CountersignDatabase, days: number): Promise<void> {
  return saveChoices(db, { ttlDays: days });
}

export function saveSchedule(db: CountersignDatabase, schedule: AgentSchedule): Promise<void> {
  return saveChoices(db, { schedule });
}

/**
 * Moves the choices an older version kept on this device into the journal, once: only a
 * choice the journal does not hold yet is written (a device that upgrades after another
 * keeps the journal's), then the device's copies are forgotten. Run when the app opens.
 */
export async function moveDeviceChoicesToJournal(db: CountersignDatabase): Promise<void> {
  const choices = await readDeviceChoices(db);
  if (Object.keys(choices).length > 0) await saveChoices(db, { ...choices, onlyUnset: true });
  await forgetDeviceChoices(db);
}
