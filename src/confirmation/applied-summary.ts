/**
 * A decision's change in words as it was applied: the proposal's own summary, or, when the
 * person edited the proposal before confirming, the edited change worded by its tool
 * ("Set estimate to 1 h", not the "90 minutes" that was proposed and never applied).
 */
import type { CountersignDatabase } from '../db/database';
import { createJournalReader } from '../db/journal-store';
import type { Decision } from '../domain/change-set';
import { findTool } from '../tools/registry';
import { loadSummaryNames } from '../tools/summary-names';

export type SummarizedDecision = Pick<Decision, 'toolName' | 'taskId'> &
  Partial<Pick<Decision, 'humanSummary' | 'appliedArgs'>>;

export async function appliedSummary(
  db: CountersignDatabase,
  decision: SummarizedDecision,
): Promise<string> {
  const proposed = decision.humanSummary ?? decision.toolName;
  const tool = decision.appliedArgs ? findTool(decision.toolName) : undefined;
  if (!tool || !decision.appliedArgs) return proposed;
  try {
    const names = await loadSummaryNames(createJournalReader(db), decision.taskId);
    return tool.summarize(decision.appliedArgs, names);
  } catch {
    // A summary that cannot be worded (a name gone) still has the proposal's words.
    return proposed;
  }
}
