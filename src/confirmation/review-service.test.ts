import { agentReadySuite, type AgentReadySuite } from '../../test/support/agent-ready-suite';
import { describe, expect, it, vi } from 'vitest';
import { CountersignDatabase } from '../db/database';
import { buildWakeContext } from '../agent/wake-context';
import { journalSnapshot, userWrite } from '../../test/support/test-database';
import { propose } from '../../test/support/proposals';
import { findTool } from '../tools/registry';
import { confirmAll } from './confirm-all';
import { confirmItem } from './confirm-item';
import { rejectItem, setRejectionReason } from './reject-item';

let db: CountersignDatabase;
let ids: AgentReadySuite['ids'];
const { task, setOf } = agentReadySuite((fresh) => ({ db, ids } = fresh));

describe('confirmItem', () => {
  it('applies the change and records decision, item status and set status together', async () => {
    const set = await propose(db, ids.taskId, [
      { name: 'update_task_estimate', args: { minutes: 60 } },
      { name: 'update_task_priority', args: { priority: 'P1' } },
    ]);
    const result = await confirmItem(db, set.id, 0);
    expect(result).toMatchObject({
      status: 'applied',
      message: 'Applied: Set estimate to 60 minutes.',
    });
    expect((await task()).estimateMinutes).toBe(60);
    const decision = (await db.decisions.get(result.decisionId!))!;
    expect(decision).toMatchObject({
      verdict: 'confirmed',
      actor: 'user',
      itemIndex: 0,
      humanSummary: 'Set estimate to 60 minutes',
    });
    expect(await db.mutations.get(decision.operationId!)).toMatchObject({
      source: 'confirmation',
    });
    const after = await setOf(set.id);
    expect(after.items.map((item) => item.status)).toEqual(['confirmed', 'pending']);
    expect(after.status).toBe('partiallyResolved');
    await confirmItem(db, set.id, 1);
    expect((await setOf(set.id)).status).toBe('resolved');
  });

  it('says "already confirmed" and dispatches nothing for an item no longer pending', async () => {
    const set = await propose(db, ids.taskId, [
      { name: 'add_multiple_checklist_items', args: { items: [{ title: 'Once' }] } },
    ]);
    await confirmItem(db, set.id, 0);
    const before = await journalSnapshot(db);
    const again = await confirmItem(db, set.id, 0);
    expect(again).toEqual({
      status: 'already-decided',
      message: 'This change was already confirmed.',
    });
    expect(await journalSnapshot(db)).toEqual(before);
  });

  it('reads nothing before its transaction when given the row it shows, and re-checks it there', async () => {
    const set = await propose(db, ids.taskId, [
      { name: 'update_task_estimate', args: { minutes: 45 } },
    ]);
    const shown = { item: set.items[0]!, agentId: set.agentId };
    const transactions = vi.spyOn(db, 'transaction');
    const result = await confirmItem(db, set.id, 0, { shown });
    expect(result.status).toBe('applied');
    // One transaction, the decision's: no read of the item and its set before it.
    expect(transactions.mock.calls.map(([mode]) => mode)).toEqual(['rw']);
    expect((await task()).estimateMinutes).toBe(45);
    transactions.mockRestore();

    // The same copy, now stale (decided): refused inside the transaction, nothing applied.
    const before = await journalSnapshot(db);
    expect(await confirmItem(db, set.id, 0, { shown })).toEqual({
      status: 'already-decided',
      message: 'This change was already confirmed.',
    });
    expect(await rejectItem(db, set.id, 0, { shown })).toMatchObject({
      status: 'already-decided',
    });
    expect(await journalSnapshot(db)).toEqual(before);
    expect(await db.decisions.count()).toBe(1);
  });

  it('ignores a shown row that is not the item named, and reads the right one', async () => {
    const set = await propose(db, ids.taskId, [
      { name: 'update_task_estimate', args: { minutes: 30 } },
      { name: 'update_task_priority', args: { priority: 'P1' } },
    ]);
    const wrong = { item: set.items[0]!, agentId: set.agentId };
    const result = await confirmItem(db, set.id, 1, { shown: wrong });
    expect(result).toMatchObject({ status: 'applied', message: 'Applied: Set priority to P1.' });
    expect((await task()).estimateMinutes).not.toBe(30);
  });

  it('lets exactly one of two tabs apply the same item', async () => {
    const set = await propose(db, ids.taskId, [
      { name: 'add_multiple_checklist_items', args: { items: [{ title: 'Exactly once' }] } },
    ]);
    const otherTab = new CountersignDatabase(db.name);
    const results = await Promise.all([
      confirmItem(db, set.id, 0),
      confirmItem(otherTab, set.id, 0),
    ]);
    otherTab.close();
    expect(results.map((result) => result.status).sort()).toEqual(['already-decided', 'applied']);
    const titles = (await db.checklistItems.toArray()).map((item) => item.title);
    expect(titles.filter((title) => title === 'Exactly once')).toHaveLength(1);
    expect(await db.decisions.count()).toBe(1);
  });

  it('lets one of a racing confirm and reject win, and tells the other', async () => {
    const set = await propose(db, ids.taskId, [
      { name: 'update_task_priority', args: { priority: 'P0' } },
    ]);
    const otherTab = new CountersignDatabase(db.name);
    const [confirmed, rejected] = await Promise.all([
      confirmItem(db, set.id, 0),
      rejectItem(otherTab, set.id, 0),
    ]);
    otherTab.close();
    expect(
      [confirmed.status, rejected.status].filter((status) => status === 'already-decided'),
    ).toHaveLength(1);
    const decisions = await db.decisions.toArray();
    expect(decisions).toHaveLength(1);
    expect((await task()).priority).toBe(decisions[0]!.verdict === 'confirmed' ? 'P0' : 'P2');
  });

  it('leaves the item pending and the journal untouched when the handler fails, and says why', async () => {
    const set = await propose(db, ids.taskId, [
      { name: 'set_task_status', args: { status: 'IN PROGRESS' } },
    ]);
    await db.agents.update('default-agent', { allowedCategoryIds: [] });
    const before = await journalSnapshot(db);
    const denied = await confirmItem(db, set.id, 0);
    expect(denied.status).toBe('denied');
    expect(denied.message).toMatch(/not allowed to act on tasks in the category "Work"/);
    expect(await journalSnapshot(db)).toEqual(before);
    expect((await setOf(set.id)).items[0]!.status).toBe('pending');
    expect(await db.decisions.count()).toBe(0);
  });

  it('rolls back everything when a journal write fails half-way', async () => {
    const set = await propose(db, ids.taskId, [
      { name: 'add_multiple_checklist_items', args: { items: [{ title: 'x' }] } },
    ]);
    const before = await journalSnapshot(db);
    // Decisions are written in bulk at the transaction's end, after the journal write.
    vi.spyOn(db.decisions, 'bulkAdd').mockRejectedValueOnce(new Error('disk on fire'));
    const result = await confirmItem(db, set.id, 0);
    expect(result.status).toBe('failed');
    expect(await journalSnapshot(db)).toEqual(before);
    expect((await setOf(set.id)).items[0]!.status).toBe('pending');
    expect(
      (await db.mutations.filter((row) => row.source === 'confirmation').toArray()).length,
    ).toBe(0);
  });

  it('marks an item failed, with the reason, when it can never succeed', async () => {
    const set = await propose(db, ids.taskId, [
      {
        name: 'update_checklist_items',
        args: { items: [{ id: ids.itemIds[0], isChecked: true }] },
      },
    ]);
    await userWrite(db, 'delete_checklist_item', { id: ids.itemIds[0] }, { taskId: ids.taskId });
    const result = await confirmItem(db, set.id, 0);
    expect(result.status).toBe('failed-permanently');
    const item = (await setOf(set.id)).items[0]!;
    expect(item).toMatchObject({ status: 'failed' });
    expect(item.error).toMatch(/No checklist item/);
  });

  it('asks before overwriting a field the person changed since the proposal', async () => {
    const set = await propose(db, ids.taskId, [
      { name: 'update_task_estimate', args: { minutes: 60 } },
      { name: 'update_task_priority', args: { priority: 'P1' } },
    ]);
    await userWrite(db, 'update_task_estimate', { minutes: 45 }, { taskId: ids.taskId });
    const stale = await confirmItem(db, set.id, 0);
    expect(stale.status).toBe('stale');
    expect(stale.message).toMatch(
      /^Changed since proposed: estimate is now 45 min\. .*Apply anyway/,
    );
    expect((await task()).estimateMinutes).toBe(45);
    // Another field of the same task did not go stale.
    expect((await confirmItem(db, set.id, 1)).status).toBe('applied');
    expect((await confirmItem(db, set.id, 0, { applyAnyway: true })).status).toBe('applied');
    expect((await task()).estimateMinutes).toBe(60);
  });
});

describe('rejectItem', () => {
  it('records the reason, keeps the journal, and the next wake hears it and does not re-propose', async () => {
    const set = await propose(db, ids.taskId, [
      { name: 'update_task_priority', args: { priority: 'P0' } },
    ]);
    const before = await journalSnapshot(db);
    const result = await rejectItem(db, set.id, 0);
    expect(result.status).toBe('rejected');
    await setRejectionReason(db, result.decisionId!, '  Not now  ');
    expect(await journalSnapshot(db)).toEqual(before);
    expect(await db.decisions.get(result.decisionId!)).toMatchObject({
      verdict: 'rejected',
      rejectionReason: 'Not now',
    });
    const context = (await buildWakeContext(db, ids.taskId, 'default-agent'))!;
    expect(context.recentDecisions[0]).toMatchObject({
      verdict: 'rejected',
      summary: 'Set priority to P0',
      reason: 'Not now',
    });
    expect([...context.rejected.values()]).toEqual(['Not now']);
  });

  it('suppresses a rejected label on the task', async () => {
    const set = await propose(db, ids.taskId, [
      { name: 'assign_task_labels', args: { labels: [{ id: ids.labelId }] } },
    ]);
    await rejectItem(db, set.id, 0, { reason: 'Wrong' });
    expect((await task()).suppressedLabelIds).toEqual([ids.labelId]);
  });
});

describe('confirmAll', () => {
  it('goes in order, re-reading between items, continues past failures and sums up', async () => {
    const set = await propose(db, ids.taskId, [
      { name: 'set_task_title', args: { title: 'Demo day' } },
      {
        name: 'update_checklist_items',
        args: { items: [{ id: ids.itemIds[0], isChecked: true }] },
      },
      { name: 'update_task_estimate', args: { minutes: 90 } },
    ]);
    await userWrite(db, 'delete_checklist_item', { id: ids.itemIds[0] }, { taskId: ids.taskId });
    const result = await confirmAll(db, set.id);
    expect(result.applied).toEqual(['Set title to "Demo day"', 'Set estimate to 90 minutes']);
    expect(result.failed).toHaveLength(1);
    expect(result.message).toMatch(
      /^Applied 2: Set title to "Demo day"; Set estimate to 90 minutes\. 1 failed: Check off: "Write script" \(/,
    );
    expect(await task()).toMatchObject({ title: 'Demo day', estimateMinutes: 90 });
    // The one that can never succeed is set aside with its reason; the others are decided.
    expect((await setOf(set.id)).items.map((item) => item.status)).toEqual([
      'confirmed',
      'failed',
      'confirmed',
    ]);
  });
});

describe('confirmAll in one transaction', () => {
  it('applies the others once each when one item throws at apply time; the bad one stays pending with its reason', async () => {
    const set = await propose(db, ids.taskId, [
      { name: 'set_task_title', args: { title: 'Demo day' } },
      { name: 'update_task_priority', args: { priority: 'P1' } },
      { name: 'update_task_estimate', args: { minutes: 90 } },
    ]);
    const priority = findTool('update_task_priority')!;
    const handle = priority.handle.bind(priority);
    const spy = vi.spyOn(priority, 'handle').mockImplementation(async () => {
      throw new Error('the index is corrupt');
    });
    const result = await confirmAll(db, set.id);
    spy.mockImplementation(handle);
    expect(result.applied).toEqual(['Set title to "Demo day"', 'Set estimate to 90 minutes']);
    expect(result.failed).toEqual([
      { summary: 'Set priority to P1', message: expect.stringMatching(/^Not applied: /) },
    ]);
    expect((await setOf(set.id)).items.map((item) => item.status)).toEqual([
      'confirmed',
      'pending',
      'confirmed',
    ]);
    expect(await task()).toMatchObject({ title: 'Demo day', priority: 'P2', estimateMinutes: 90 });
    const decisions = await db.decisions.where('changeSetId').equals(set.id).toArray();
    expect(decisions.map((decision) => decision.itemIndex).sort()).toEqual([0, 2]);
    const confirmations = await db.mutations
      .filter((row) => row.source === 'confirmation')
      .toArray();
    expect(confirmations).toHaveLength(2);
    // The failed attempt is in the audit trail.
    const failures = await db.auditMessages.filter((row) => row.outcome === 'failure').toArray();
    expect(failures.map((row) => row.toolName)).toEqual(['update_task_priority']);
  });

  it('commits a whole set of checklist items in one readwrite transaction', async () => {
    const set = await propose(db, ids.taskId, [
      {
        name: 'add_multiple_checklist_items',
        args: { items: Array.from({ length: 10 }, (_, index) => ({ title: `Step ${index}` })) },
      },
    ]);
    const transactions = vi.spyOn(db, 'transaction');
    const result = await confirmAll(db, set.id);
    expect(result.applied).toHaveLength(10);
    const readwrite = transactions.mock.calls.filter(([mode]) => mode === 'rw');
    expect(readwrite).toHaveLength(1);
    expect(await db.decisions.count()).toBe(10);
  });
});
