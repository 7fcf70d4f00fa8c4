/**
 * Confirm All: every pending item of a set, in the order proposed, applied with their
 * decisions in one transaction. If any item throws, that transaction aborts and each
 * item runs in a transaction of its own (runSteps), so one bad item never blocks or
 * undoes the others. Stale items are not applied: they need "Apply anyway". It ends with
 * one summary that names what it applied.
 */
import type { CountersignDatabase } from '../db/database';
import { getDeviceId } from '../db/settings';
import { runOperations } from '../dispatcher/run-operations';
import type { ChangeItem } from '../domain/change-set';
import { decisionStep, describeOutcome, type Verdict } from './decide-item';
import type { ConfirmAllResult } from './review-result';

export async function confirmAll(
  db: CountersignDatabase,
  changeSetId: string,
  options: { actor?: 'user' | 'rule'; now?: () => Date; only?: (item: ChangeItem) => boolean } = {},
): Promise<ConfirmAllResult> {
  const now = (options.now?.() ?? new Date()).toISOString();
  const [deviceId, set, items] = await Promise.all([
    getDeviceId(db),
    db.changeSets.get(changeSetId),
    db.changeItems.where('changeSetId').equals(changeSetId).toArray(),
  ]);
  const pending = items
    .filter((item) => item.status === 'pending' && (options.only?.(item) ?? true))
    .sort((a, b) => a.itemIndex - b.itemIndex);
  const result: ConfirmAllResult = {
    applied: [],
    failed: [],
    stale: [],
    decisionIds: [],
    message: '',
  };
  if (!set || pending.length === 0) return { ...result, message: 'Nothing was waiting.' };
  const actor = options.actor ?? 'user';
  const verdict: Verdict = {
    verdict: 'confirmed',
    actor,
    method: actor === 'rule' ? 'rule' : 'confirmAll',
  };
  const context = { agentId: set.agentId, deviceId, now };
  const outcomes = await runOperations(
    db,
    pending.map((item) => decisionStep(item, verdict, context)),
    { tables: ['decisions'] },
  );
  for (const [index, outcome] of outcomes.entries()) {
    const item = pending[index]!;
    const said = await describeOutcome(db, item, verdict, outcome, { deviceId, now });
    if (said.status === 'applied') {
      result.applied.push(item.humanSummary);
      if (said.decisionId) result.decisionIds.push(said.decisionId);
    } else if (said.status === 'stale') result.stale.push(item.humanSummary);
    else if (said.status === 'denied') result.denied = said.message;
    else if (said.status !== 'already-decided' && said.status !== 'missing')
      result.failed.push({ summary: item.humanSummary, message: said.message });
  }
  result.message = summarizeConfirmAll(result);
  return result;
}

/** "Applied 3: A; B; C. 1 failed: … 1 changed since proposed and left for you: …" */
export function summarizeConfirmAll(result: Omit<ConfirmAllResult, 'message'>): string {
  const parts: string[] = [];
  if (result.applied.length > 0)
    parts.push(`Applied ${result.applied.length}: ${listed(result.applied)}.`);
  else parts.push('Nothing was applied.');
  if (result.denied) parts.push(result.denied);
  if (result.failed.length > 0)
    parts.push(
      `${result.failed.length} failed: ${result.failed.map((failure) => `${failure.summary} (${failure.message})`).join('; ')}.`,
    );
  if (result.stale.length > 0)
    parts.push(
      `${result.stale.length} changed since proposed and left for you: ${listed(result.stale)}.`,
    );
  return parts.join(' ');
}

function listed(summaries: readonly string[]): string {
  const shown = summaries.slice(0, 5).join('; ');
  return summaries.length > 5 ? `${shown}; and ${summaries.length - 5} more` : shown;
}
