/**
 * Quick successive confirmations add up: the status bar names them together ("Applied 2:
 * … · …") and its Undo takes back exactly those, so a second decision never hides the
 * first one's Undo.
 */
import { getDatabase } from '../../../db/connection';
import { readDecisionStandings } from '../../../db/queries/review-proposals';

/** A confirmation this soon after the previous one joins it. */
export const BURST_MS = 5_000;

export interface ConfirmBurst {
  summaries: string[];
  decisionIds: string[];
  /** When its latest confirmation was applied (ms). */
  at: number;
}

/** The burst with one more confirmation: the previous one's, or a new one when it is old. */
export function addToBurst(
  previous: ConfirmBurst | undefined,
  confirmed: { summary: string; decisionId: string },
  now: number,
): ConfirmBurst {
  const joins = previous !== undefined && now - previous.at < BURST_MS;
  return {
    summaries: [...(joins ? previous.summaries : []), confirmed.summary],
    decisionIds: [...(joins ? previous.decisionIds : []), confirmed.decisionId],
    at: now,
  };
}

export function burstMessage(burst: ConfirmBurst): string {
  const [only] = burst.summaries;
  if (burst.summaries.length === 1) return `Applied: ${only}`;
  return `Applied ${burst.summaries.length}: ${burst.summaries.join(' · ')}`;
}

/** The burst, while all it names still stands (none taken back by sync or undone elsewhere). */
export async function standingBurst(burst: ConfirmBurst | undefined) {
  if (!burst) return undefined;
  const standings = await readDecisionStandings(getDatabase(), burst.decisionIds);
  return [...standings.values()].every((standing) => standing === 'standing') ? burst : undefined;
}
