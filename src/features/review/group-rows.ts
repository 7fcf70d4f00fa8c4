/**
 * A list's rows, with the items of one batch call (a checklist proposal of four items) as
 * one group: each item stays its own decision, the group only gathers them under one
 * heading. A batch with one item left is a plain row.
 */
import type { PendingReviewItem } from '../../db/queries/proposals';
import { batchToolOf, findTool } from '../../tools/registry';

export type ListRow =
  | { type: 'item'; key: string; entry: PendingReviewItem }
  | { type: 'group'; key: string; entries: PendingReviewItem[] };

function batchKey(entry: PendingReviewItem): string | undefined {
  const tool = findTool(entry.item.toolName);
  if (!tool || !batchToolOf(tool) || !entry.item.groupId) return undefined;
  return `${entry.changeSetId}:${entry.item.groupId}:${tool.name}`;
}

export function groupRows(items: readonly PendingReviewItem[]): ListRow[] {
  const rows: ListRow[] = [];
  for (const entry of items) {
    const key = batchKey(entry);
    const previous = rows.at(-1);
    const previousKey =
      previous?.type === 'group'
        ? previous.key
        : previous?.type === 'item'
          ? batchKey(previous.entry)
          : undefined;
    if (key !== undefined && key === previousKey && previous) {
      if (previous.type === 'group') previous.entries.push(entry);
      else rows[rows.length - 1] = { type: 'group', key, entries: [previous.entry, entry] };
      continue;
    }
    rows.push({ type: 'item', key: entry.key, entry });
  }
  return rows;
}
