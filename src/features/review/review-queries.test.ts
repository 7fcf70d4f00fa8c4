import { describe, expect, it } from 'vitest';
import { getDatabase } from '../../db/connection';
import {
  countPendingItems,
  listPendingGroups,
  listPendingItemsForTask,
  listReviewHistory,
} from '../../db/queries/proposals';
import {
  checklistProposal,
  createTask,
  estimateProposal,
  seedChangeSet,
  seedDecision,
  setUpReviewDatabase,
  userWrite,
} from './review-test-helpers';

setUpReviewDatabase();

const past = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describe('review queries', () => {
  it('lists a task’s pending items from its open, unexpired sets, in proposal order', async () => {
    const taskId = await createTask('Plan the launch');
    const first = await seedChangeSet(taskId, [
      estimateProposal(60, { status: 'confirmed' }),
      checklistProposal('Design mockup'),
    ]);
    const second = await seedChangeSet(taskId, [checklistProposal('Write copy')]);
    await seedChangeSet(taskId, [checklistProposal('Old idea')], { expiresAt: past(1) });
    await seedChangeSet(taskId, [checklistProposal('Resolved')], { status: 'resolved' });

    const items = await listPendingItemsForTask(getDatabase(), taskId);

    expect(items.map((item) => [item.changeSetId, item.itemIndex, item.item.humanSummary])).toEqual(
      [
        [first.id, 1, 'Add: "Design mockup"'],
        [second.id, 0, 'Add: "Write copy"'],
      ],
    );
    expect(items[0]!.key).toBe(`${first.id}:1`);
  });

  it('groups everything pending by task with titles, and counts it', async () => {
    const launch = await createTask('Plan the launch');
    const errands = await createTask('Errands');
    const gone = await createTask('Deleted task');
    const launchSet = await seedChangeSet(launch, [estimateProposal(60), checklistProposal('A')]);
    const errandsSet = await seedChangeSet(errands, [checklistProposal('Buy milk')]);
    await seedChangeSet(gone, [checklistProposal('Never shown')]);
    await userWrite('delete_task', {}, gone);
    await seedChangeSet(errands, [checklistProposal('Expired')], { expiresAt: past(2) });

    const groups = await listPendingGroups(getDatabase());

    expect(
      groups.map((group) => [group.taskTitle, group.changeSetIds, group.items.length]),
    ).toEqual([
      ['Plan the launch', [launchSet.id], 2],
      ['Errands', [errandsSet.id], 1],
    ]);
    expect(await countPendingItems(getDatabase())).toBe(3);
  });

  it('tells the history newest first: decisions, undone ones, failures and what ran out of time', async () => {
    const taskId = await createTask('Plan the launch');
    const set = await seedChangeSet(
      taskId,
      [
        estimateProposal(60, { status: 'confirmed' }),
        checklistProposal('Design mockup'),
        { ...checklistProposal('Broken'), status: 'failed', error: 'The checklist is full.' },
      ],
      { updatedAt: '2026-05-04T12:00:00.000Z' },
    );
    const stale = await seedChangeSet(taskId, [checklistProposal('Never looked at')], {
      expiresAt: '2026-05-01T00:00:00.000Z',
    });
    await seedDecision({
      changeSetId: set.id,
      taskId,
      itemIndex: 0,
      actor: 'rule',
      decidedAt: '2026-05-04T10:00:00.000Z',
    });
    await seedDecision({
      changeSetId: set.id,
      taskId,
      itemIndex: 1,
      verdict: 'rejected',
      humanSummary: 'Add: "Design mockup"',
      toolName: 'add_checklist_item',
      rejectionReason: 'Not now',
      decidedAt: '2026-05-04T11:00:00.000Z',
    });
    await seedDecision({
      changeSetId: 'older-set',
      taskId,
      itemIndex: 0,
      decidedAt: '2026-05-02T09:00:00.000Z',
      undoneAt: '2026-05-03T09:00:00.000Z',
    });

    const history = await listReviewHistory(getDatabase(), taskId);

    expect(history.map((entry) => [entry.outcome, entry.summary, entry.actor, entry.at])).toEqual([
      ['failed', 'Add: "Broken"', undefined, '2026-05-04T12:00:00.000Z'],
      ['rejected', 'Add: "Design mockup"', 'user', '2026-05-04T11:00:00.000Z'],
      ['confirmed', 'Set estimate to 60 minutes', 'rule', '2026-05-04T10:00:00.000Z'],
      ['undone', 'Set estimate to 60 minutes', 'user', '2026-05-03T09:00:00.000Z'],
      ['expired', 'Add: "Never looked at"', 'system', stale.expiresAt],
    ]);
    expect(history[0]!.error).toBe('The checklist is full.');
    expect(history[1]!.rejectionReason).toBe('Not now');
  });
});
