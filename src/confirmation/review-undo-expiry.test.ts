// Review's after-paths: failures that write their audit record, Undo, expiry and trusted
// tools. review-service.test.ts holds confirm, reject and Confirm all.
import { agentReadySuite, type AgentReadySuite } from '../../test/support/agent-ready-suite';
import { describe, expect, it, vi } from 'vitest';
import type { CountersignDatabase } from '../db/database';
import { saveTrustedTools } from '../dispatcher/agent-choices';
import { buildWakeContext } from '../agent/wake-context';
import { userWrite } from '../../test/support/test-database';
import { propose } from '../../test/support/proposals';
import { findTool } from '../tools/registry';
import { applyTrustedItems } from './apply-trusted-items';
import { confirmAll } from './confirm-all';
import { confirmItem } from './confirm-item';
import { expireChangeSets } from './expire-change-sets';
import { rejectItem } from './reject-item';
import { undoDecision, undoDecisions } from './undo-decision';

let db: CountersignDatabase;
let ids: AgentReadySuite['ids'];
const { task, setOf } = agentReadySuite((fresh) => ({ db, ids } = fresh));

describe('failure paths write their audit record', () => {
  it('a rejection whose label suppression fails: nothing is decided, and the attempt is audited', async () => {
    const set = await propose(db, ids.taskId, [
      { name: 'assign_task_labels', args: { labels: [{ id: ids.labelId }] } },
    ]);
    const suppress = findTool('suppress_task_label')!;
    vi.spyOn(suppress, 'handle').mockRejectedValueOnce(new Error('disk on fire'));
    const result = await rejectItem(db, set.id, 0, { reason: 'Wrong' });
    expect(result.status).toBe('failed');
    expect((await setOf(set.id)).items[0]!.status).toBe('pending');
    expect(await db.decisions.count()).toBe(0);
    const audit = await db.auditMessages
      .filter((row) => row.toolName === 'suppress_task_label')
      .sortBy('createdAt');
    expect(audit.map((row) => [row.kind, row.outcome])).toEqual([
      ['action', undefined],
      ['toolResult', 'failure'],
    ]);
  });

  it('an undo whose handler fails: the decision stays, and the attempt is audited', async () => {
    const set = await propose(db, ids.taskId, [
      { name: 'update_task_estimate', args: { minutes: 30 } },
    ]);
    const confirmed = await confirmItem(db, set.id, 0);
    const restore = findTool('restore_entities')!;
    vi.spyOn(restore, 'handle').mockRejectedValueOnce(new Error('disk on fire'));
    const result = await undoDecision(db, confirmed.decisionId!);
    expect(result.status).toBe('cannot-undo');
    expect((await db.decisions.get(confirmed.decisionId!))?.undoneAt).toBeUndefined();
    expect((await task()).estimateMinutes).toBe(30);
    const audit = await db.auditMessages
      .filter((row) => row.toolName === 'restore_entities')
      .sortBy('createdAt');
    expect(audit.map((row) => [row.kind, row.outcome])).toEqual([
      ['action', undefined],
      ['toolResult', 'failure'],
    ]);
  });
});

describe('undo', () => {
  it('restores the pre-image through the dispatcher and marks the decision undone', async () => {
    const set = await propose(db, ids.taskId, [
      { name: 'add_multiple_checklist_items', args: { items: [{ title: 'Temporary' }] } },
      { name: 'set_task_title', args: { title: 'New' } },
    ]);
    const added = await confirmItem(db, set.id, 0);
    const titled = await confirmItem(db, set.id, 1);
    const result = await undoDecisions(db, [added.decisionId!, titled.decisionId!]);
    expect(result).toMatchObject({ status: 'undone', message: 'Undid 2 changes.' });
    expect((await task()).title).toBe('Prepare the demo');
    const temporary = (await db.checklistItems.toArray()).find(
      (item) => item.title === 'Temporary',
    );
    expect(temporary?.deletedAt).toBeDefined();
    expect((await db.decisions.get(titled.decisionId!))?.undoneAt).toBeDefined();
    // The proposals wait again: a confirmation undone can be made again, and it applies.
    expect((await setOf(set.id)).items.map((item) => item.status)).toEqual(['pending', 'pending']);
    expect(await setOf(set.id)).toMatchObject({ status: 'pending' });
    expect((await db.mutations.filter((row) => row.source === 'undo').toArray()).length).toBe(2);
    const again = await confirmItem(db, set.id, 1);
    expect(again).toMatchObject({ status: 'applied' });
    expect(again.decisionId).not.toBe(titled.decisionId);
    expect((await task()).title).toBe('New');
    expect((await db.decisions.get(again.decisionId!))?.undoneAt).toBeUndefined();
  });

  it('undoes several confirmed changes to the same task, newest first (Confirm all, then Undo)', async () => {
    const before = await task();
    const set = await propose(db, ids.taskId, [
      { name: 'set_task_title', args: { title: 'Renamed' } },
      { name: 'update_task_priority', args: { priority: 'P0' } },
      { name: 'update_task_estimate', args: { minutes: 120 } },
    ]);
    const all = await confirmAll(db, set.id);
    expect(all.applied).toHaveLength(3);
    const result = await undoDecisions(db, all.decisionIds);
    expect(result).toMatchObject({ status: 'undone', message: 'Undid 3 changes.' });
    const after = await task();
    expect([after.title, after.priority, after.estimateMinutes]).toEqual([
      before.title,
      before.priority,
      before.estimateMinutes,
    ]);
    expect((await setOf(set.id)).items.map((item) => item.status)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    // Every item Confirm all applied waits again, to be confirmed, edited or rejected.
    expect((await rejectItem(db, set.id, 1)).status).toBe('rejected');
    const again = await confirmAll(db, set.id);
    expect(again.applied).toHaveLength(2);
    expect((await task()).title).toBe('Renamed');
  });

  it('undoes a rejection: the item waits for review again and the agent may propose it', async () => {
    const set = await propose(db, ids.taskId, [
      { name: 'update_task_estimate', args: { minutes: 30 } },
    ]);
    const rejected = await rejectItem(db, set.id, 0, { reason: 'Not now' });
    const result = await undoDecision(db, rejected.decisionId!);
    expect(result.status).toBe('undone');
    expect((await db.decisions.get(rejected.decisionId!))?.undoneAt).toBeDefined();
    expect(await setOf(set.id)).toMatchObject({ status: 'pending' });
    expect((await setOf(set.id)).items[0]?.status).toBe('pending');
    expect((await buildWakeContext(db, ids.taskId, 'default-agent'))!.rejected.size).toBe(0);
    expect((await confirmItem(db, set.id, 0)).status).toBe('applied');
  });

  it('refuses when the entity changed since, and says why', async () => {
    const set = await propose(db, ids.taskId, [
      { name: 'update_task_estimate', args: { minutes: 30 } },
    ]);
    const confirmed = await confirmItem(db, set.id, 0);
    await userWrite(db, 'update_task_priority', { priority: 'P3' }, { taskId: ids.taskId });
    const result = await undoDecision(db, confirmed.decisionId!);
    expect(result.status).toBe('cannot-undo');
    expect(result.message).toMatch(/task was changed after it was applied/);
    expect((await task()).estimateMinutes).toBe(30);
  });
});

describe('expiry', () => {
  it('takes expired items out of review as "expired", not rejected, and the agent hears "not reviewed"', async () => {
    const set = await propose(db, ids.taskId, [
      { name: 'update_task_priority', args: { priority: 'P1' } },
    ]);
    expect(await expireChangeSets(db, new Date(Date.now() + 60_000))).toBe(0);
    expect(await expireChangeSets(db, new Date(Date.parse(set.items[0]!.expiresAt!) + 1))).toBe(1);
    const after = await setOf(set.id);
    expect(after).toMatchObject({ status: 'expired', items: [{ status: 'expired' }] });
    expect((await db.decisions.toArray())[0]).toMatchObject({
      verdict: 'expired',
      actor: 'system',
    });
    const context = (await buildWakeContext(db, ids.taskId, 'default-agent'))!;
    expect(context.rejected.size).toBe(0);
    expect(context.recentDecisions[0]!.verdict).toBe('expired');
    expect((await task()).priority).toBe('P2');
  });
});

describe('trusted tools', () => {
  it('applies items of a trusted tool with actor "rule" and leaves the rest for the person', async () => {
    await saveTrustedTools(db, ['add_multiple_checklist_items']);
    const set = await propose(db, ids.taskId, [
      {
        name: 'add_multiple_checklist_items',
        args: { items: [{ title: 'Auto one' }, { title: 'Auto two' }] },
      },
      { name: 'update_task_priority', args: { priority: 'P0' } },
    ]);
    expect(await applyTrustedItems(db, ids.taskId)).toBe(2);
    expect((await setOf(set.id)).items.map((item) => item.status)).toEqual([
      'confirmed',
      'confirmed',
      'pending',
    ]);
    expect((await db.decisions.toArray()).every((decision) => decision.actor === 'rule')).toBe(
      true,
    );
    expect((await db.mutations.filter((row) => row.source === 'rule').toArray()).length).toBe(2);
  });
});
