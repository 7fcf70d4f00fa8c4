import { describe, expect, it } from 'vitest';
import { countPendingItems } from '../../db/tallies';
import { getDatabase } from '../../db/connection';
import { reportId } from '../../db/agent-records';
import {
  listPendingItemsForTask,
  listReviewHistory,
  readDecisionStandings,
  readInboxWindow,
} from '../../db/queries/review-proposals';
import {
  checklistProposal,
  createTask,
  estimateProposal,
  markItem,
  seedChangeSet,
  seedDecision,
  setUpReviewDatabase,
  userWrite,
} from './review-test-helpers';

setUpReviewDatabase();

const past = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describe('review queries', () => {
  it('lists a task’s pending, unexpired items in proposal order', async () => {
    const taskId = await createTask('Plan the launch');
    const first = await seedChangeSet(taskId, [
      estimateProposal(60, { status: 'confirmed' }),
      checklistProposal('Design mockup'),
    ]);
    const second = await seedChangeSet(taskId, [checklistProposal('Write copy')]);
    await seedChangeSet(taskId, [checklistProposal('Old idea')], { expiresAt: past(1) });
    await seedChangeSet(taskId, [{ ...checklistProposal('Resolved'), status: 'confirmed' }]);

    const items = await listPendingItemsForTask(getDatabase(), taskId);

    expect(items.map((item) => [item.changeSetId, item.itemIndex, item.item.humanSummary])).toEqual(
      [
        [first.id, 1, 'Add: "Design mockup"'],
        [second.id, 0, 'Add: "Write copy"'],
      ],
    );
    expect(items[0]!.key).toBe(`${first.id}:1`);
    // The set's agent comes with each row: deciding it then reads nothing first.
    expect(items.map((item) => item.agentId)).toEqual(['agent-1', 'agent-1']);
  });

  it('reads the inbox a window at a time, grouped by task, and counts it from the tallies', async () => {
    const launch = await createTask('Plan the launch');
    const errands = await createTask('Errands');
    const gone = await createTask('Deleted task');
    const launchSet = await seedChangeSet(launch, [estimateProposal(60), checklistProposal('A')]);
    const errandsSet = await seedChangeSet(errands, [checklistProposal('Buy milk')]);
    await seedChangeSet(gone, [checklistProposal('Never shown')]);
    await userWrite('delete_task', {}, gone);
    const now = new Date().toISOString();
    await getDatabase().reports.put({
      id: reportId('agent-1', launch),
      agentId: 'agent-1',
      taskId: launch,
      oneLiner: 'The launch slips unless the mockup lands this week.',
      tldr: '',
      content: '',
      createdAt: now,
      updatedAt: now,
      rev: 1,
      vectorClock: {},
    });

    const all = await readInboxWindow(getDatabase(), 0, 10);
    expect(
      all.map((row) => [
        row.index,
        row.taskTitle,
        row.entry.key,
        row.startsGroup,
        row.groupWaiting,
      ]),
    ).toEqual([
      [0, 'Plan the launch', `${launchSet.id}:0`, true, 2],
      [1, 'Plan the launch', `${launchSet.id}:1`, false, 2],
      [2, 'Errands', `${errandsSet.id}:0`, true, 1],
    ]);
    expect(all[0]!.reportOneLiner).toBe('The launch slips unless the mockup lands this week.');
    expect(all.map((row) => row.entry.agentId)).toEqual(['agent-1', 'agent-1', 'agent-1']);
    // A window that starts inside a group still knows where its groups start.
    const window = await readInboxWindow(getDatabase(), 1, 2);
    expect(window.map((row) => [row.index, row.startsGroup])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(await countPendingItems(getDatabase())).toEqual({ items: 3, sets: 2 });

    await markItem(launchSet.id, 0, 'confirmed');
    await markItem(launchSet.id, 1, 'rejected');
    expect(await countPendingItems(getDatabase())).toEqual({ items: 1, sets: 1 });
    expect((await readInboxWindow(getDatabase(), 0, 10)).map((row) => row.taskTitle)).toEqual([
      'Errands',
    ]);
  });

  it('puts a deleted task’s items back in the inbox when the task is restored', async () => {
    const taskId = await createTask('Plan the launch');
    await seedChangeSet(taskId, [estimateProposal(60)]);
    const deleted = await userWrite('delete_task', {}, taskId);
    expect(await countPendingItems(getDatabase())).toEqual({ items: 0, sets: 0 });
    const ledger = await getDatabase().mutations.get(deleted.operationId);
    await userWrite(
      'restore_entities',
      { restorations: ledger!.diffs.map(({ table, id, before }) => ({ table, id, before })) },
      taskId,
    );
    expect(await countPendingItems(getDatabase())).toEqual({ items: 1, sets: 1 });
  });

  it('says what became of decisions, for their Undo: standing, taken back, undone, or on a deleted task', async () => {
    const db = getDatabase();
    const kept = await createTask('Kept');
    const gone = await createTask('Gone');
    const set = await seedChangeSet(kept, [estimateProposal(60)]);
    const goneSet = await seedChangeSet(gone, [estimateProposal(60)]);
    await seedDecision({ id: 'standing', changeSetId: set.id, taskId: kept });
    await seedDecision({ id: 'undone', changeSetId: set.id, taskId: kept, undoneAt: past(0) });
    await seedDecision({ id: 'orphan', changeSetId: goneSet.id, taskId: gone });
    const task = await db.tasks.get(gone);
    await db.tasks.put({ ...task!, deletedAt: past(0) });

    const standings = await readDecisionStandings(db, ['standing', 'undone', 'orphan', 'lost']);

    expect([...standings]).toEqual([
      ['standing', 'standing'],
      ['undone', 'undone'],
      ['orphan', 'task-deleted'],
      ['lost', 'taken-back'],
    ]);
  });

  it('tells the history newest first: decisions, undone ones, failures and what ran out of time', async () => {
    const taskId = await createTask('Plan the launch');
    const set = await seedChangeSet(taskId, [
      estimateProposal(60, { status: 'confirmed' }),
      checklistProposal('Design mockup'),
      { ...checklistProposal('Broken'), status: 'failed', error: 'The checklist is full.' },
    ]);
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
      ['rejected', 'Add: "Design mockup"', 'user', '2026-05-04T11:00:00.000Z'],
      ['confirmed', 'Set estimate to 60 minutes', 'rule', '2026-05-04T10:00:00.000Z'],
      ['failed', 'Add: "Broken"', undefined, set.items[2]!.updatedAt],
      ['undone', 'Set estimate to 60 minutes', 'user', '2026-05-03T09:00:00.000Z'],
      ['expired', 'Add: "Never looked at"', 'system', stale.items[0]!.expiresAt],
    ]);
    expect(history[2]!.error).toBe('The checklist is full.');
    expect(history[0]!.rejectionReason).toBe('Not now');
  });

  it('says which proposals and decisions came from another device, by the row’s own stamp', async () => {
    const taskId = await createTask('Plan the launch');
    const set = await seedChangeSet(taskId, [
      estimateProposal(60, { status: 'confirmed' }),
      checklistProposal('A'),
    ]);
    await seedDecision({ changeSetId: set.id, taskId });
    const db = getDatabase();

    // No device id yet: nothing is said to come from elsewhere.
    expect((await listPendingItemsForTask(db, taskId)).map((e) => e.fromOtherDevice)).toEqual([
      false,
    ]);

    await db.settings.put({ key: 'deviceId', value: 'device' });
    expect((await listPendingItemsForTask(db, taskId))[0]!.fromOtherDevice).toBe(false);
    expect((await readInboxWindow(db, 0, 10))[0]!.entry.fromOtherDevice).toBe(false);
    expect((await listReviewHistory(db, taskId))[0]!.onOtherDevice).toBe(false);

    await db.settings.put({ key: 'deviceId', value: 'tablet' });
    expect((await listPendingItemsForTask(db, taskId))[0]!.fromOtherDevice).toBe(true);
    expect((await readInboxWindow(db, 0, 10))[0]!.entry.fromOtherDevice).toBe(true);
    expect((await listReviewHistory(db, taskId))[0]!.onOtherDevice).toBe(true);
  });
});
