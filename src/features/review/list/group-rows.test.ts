import { describe, expect, it } from 'vitest';
import type { PendingReviewItem } from '../../../db/queries/review-proposals';
import { batchPlace } from './group-rows';

const entry = (itemIndex: number, toolName: string, groupId: string): PendingReviewItem =>
  ({
    key: `set:${itemIndex}`,
    changeSetId: 'set',
    itemIndex,
    taskId: 'task',
    item: { toolName, groupId, humanSummary: `${toolName} ${itemIndex}` },
    proposedAt: '',
    expiresAt: undefined,
  }) as unknown as PendingReviewItem;

describe('placing a list’s rows in batches', () => {
  it('marks the items of one batch call, and leaves single changes and lone items plain', () => {
    const items = [
      entry(0, 'set_task_title', 'call-0'),
      entry(1, 'add_checklist_item', 'call-1'),
      entry(2, 'add_checklist_item', 'call-1'),
      entry(3, 'add_checklist_item', 'call-1'),
      entry(4, 'add_checklist_item', 'call-2'),
      entry(5, 'update_task_estimate', 'call-3'),
    ];
    expect(
      items.map((item, index) => batchPlace(item, items[index - 1], items[index + 1])),
    ).toEqual([undefined, 'starts', 'continues', 'continues', undefined, undefined]);
  });
});
