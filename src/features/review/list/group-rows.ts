/**
 * Which rows make one batch proposal (a checklist proposal of four items), the one rule
 * the task's card and the Review inbox both place them by: each item stays its own row and
 * decision, under one caption before the first. A batch with one item left is a plain row.
 */
import type { PendingReviewItem } from '../../../db/queries/review-proposals';
import { batchToolOf, findTool } from '../../../tools/registry';

export type BatchPlace = 'starts' | 'continues' | undefined;

function batchKey(entry: PendingReviewItem | undefined): string | undefined {
  if (!entry) return undefined;
  const tool = findTool(entry.item.toolName);
  if (!tool || !batchToolOf(tool) || !entry.item.groupId) return undefined;
  return `${entry.changeSetId}:${entry.item.groupId}:${tool.name}`;
}

/** Where the row stands in a batch, given the rows shown before and after it. */
export function batchPlace(
  entry: PendingReviewItem,
  previous: PendingReviewItem | undefined,
  next: PendingReviewItem | undefined,
): BatchPlace {
  const key = batchKey(entry);
  if (key === undefined) return undefined;
  if (batchKey(previous) === key) return 'continues';
  return batchKey(next) === key ? 'starts' : undefined;
}
