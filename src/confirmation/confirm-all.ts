/**
 * Confirm All: the set's pending items in order, each in its own transaction, re-reading
 * the set before each one so an item sees what the previous one applied. It goes on
 * past failures and sums up. Stale items are not applied: they need "Apply anyway".
 */
import type { CountersignDatabase } from '../db/database';
import { confirmItem, type ConfirmOptions } from './confirm-item';
import type { ConfirmAllResult } from './review-result';

export async function confirmAll(
  db: CountersignDatabase,
  changeSetId: string,
  options: Pick<ConfirmOptions, 'actor' | 'now'> & {
    onProgress?: (done: number, total: number) => void;
  } = {},
): Promise<ConfirmAllResult> {
  const set = await db.changeSets.get(changeSetId);
  const indexes = (set?.items ?? []).flatMap((item, index) =>
    item.status === 'pending' ? [index] : [],
  );
  const result: ConfirmAllResult = {
    applied: 0,
    failed: [],
    stale: [],
    decisionIds: [],
    message: '',
  };
  let done = 0;
  for (const index of indexes) {
    const fresh = await db.changeSets.get(changeSetId);
    const item = fresh?.items[index];
    if (item?.status === 'pending') {
      const outcome = await confirmItem(db, changeSetId, index, options);
      if (outcome.status === 'applied') {
        result.applied += 1;
        if (outcome.decisionId) result.decisionIds.push(outcome.decisionId);
      } else if (outcome.status === 'stale') {
        result.stale.push(item.humanSummary);
      } else if (outcome.status !== 'already-decided') {
        result.failed.push({ summary: item.humanSummary, message: outcome.message });
      }
    }
    options.onProgress?.(++done, indexes.length);
  }
  result.message = summarize(result);
  return result;
}

function summarize(result: ConfirmAllResult): string {
  const parts = [`${result.applied} applied`];
  if (result.failed.length > 0) {
    parts.push(
      `${result.failed.length} failed: ${result.failed.map((failure) => `${failure.summary} (${failure.message})`).join('; ')}`,
    );
  }
  if (result.stale.length > 0) {
    parts.push(
      `${result.stale.length} changed since proposed and left for you: ${result.stale.join('; ')}`,
    );
  }
  return parts.join(', ');
}
