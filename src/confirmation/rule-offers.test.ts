import { describe, expect, it } from 'vitest';
import { readTrustedTools } from '../db/agent-settings';
import { createTask } from '../../test/support/test-database';
import { propose } from '../../test/support/proposals';
import { confirmItem } from './confirm-item';
import { rejectItem } from './reject-item';
import { acceptTrustOffer, offerAfterDecision } from './rule-offers';
import { undoDecision } from './undo-decision';
import { agentReadySuite } from '../../test/support/agent-ready-suite';
const suite = agentReadySuite();

/** A fresh task of the same category (rejecting a label suppresses it on its task). */
const taskInWork = (title: string) =>
  createTask(suite.db, title, { categoryId: suite.ids.categoryId });

async function rejectUrgentOn(taskId: string) {
  const set = await propose(suite.db, taskId, [
    { name: 'assign_task_labels', args: { labels: [{ id: suite.ids.labelId }] } },
  ]);
  const result = await rejectItem(suite.db, set.id, 0);
  return offerAfterDecision(suite.db, result.decisionId!);
}

describe('rule offers', () => {
  it('offers "Stop proposing" exactly at the third rejection in a category, once', async () => {
    expect(await rejectUrgentOn(suite.ids.taskId)).toBeUndefined();
    expect(await rejectUrgentOn(await taskInWork('Second'))).toBeUndefined();
    const offer = await rejectUrgentOn(await taskInWork('Third'));
    expect(offer).toMatchObject({
      type: 'suppress',
      question: 'Stop proposing the label "Urgent" for Work?',
      toolName: 'assign_task_label',
      categoryId: suite.ids.categoryId,
      labelId: suite.ids.labelId,
    });
    // Made once: a fourth rejection (the offer was dismissed or ignored) offers nothing.
    expect(await rejectUrgentOn(await taskInWork('Fourth'))).toBeUndefined();
  });

  it('names checklist proposals as a person does: "checklist items"', async () => {
    let offer;
    for (const title of ['One', 'Two', 'Three']) {
      const set = await propose(suite.db, await taskInWork(title), [
        { name: 'add_multiple_checklist_items', args: { items: [{ title: 'Call Sam' }] } },
      ]);
      offer = await offerAfterDecision(
        suite.db,
        (await rejectItem(suite.db, set.id, 0)).decisionId!,
      );
    }
    expect(offer).toMatchObject({ question: 'Stop proposing checklist items for Work?' });
  });

  it('counts only rejections of the same label', async () => {
    const other = await suite.db.labels.add({
      ...(await suite.db.labels.get(suite.ids.labelId))!,
      id: 'label-later',
      name: 'Later',
    });
    const rejectLater = async (taskId: string) => {
      const set = await propose(suite.db, taskId, [
        { name: 'assign_task_labels', args: { labels: [{ id: other }] } },
      ]);
      const result = await rejectItem(suite.db, set.id, 0);
      return offerAfterDecision(suite.db, result.decisionId!);
    };
    await rejectUrgentOn(suite.ids.taskId);
    await rejectUrgentOn(await taskInWork('Second'));
    expect(await rejectLater(await taskInWork('Third'))).toBeUndefined();
  });

  it('does not count an undone rejection', async () => {
    const set = await propose(suite.db, suite.ids.taskId, [
      { name: 'update_task_estimate', args: { minutes: 90 } },
    ]);
    const first = await rejectItem(suite.db, set.id, 0);
    await undoDecision(suite.db, first.decisionId!);
    await rejectItem(suite.db, set.id, 0);
    const second = await propose(suite.db, await taskInWork('Second'), [
      { name: 'update_task_estimate', args: { minutes: 90 } },
    ]);
    const result = await rejectItem(suite.db, second.id, 0);
    expect(await offerAfterDecision(suite.db, result.decisionId!)).toBeUndefined();
  });

  it('offers "Apply without asking" exactly at the tenth clean confirmation, and never again once dismissed', async () => {
    const confirmEstimate = async (minutes: number, edited?: number) => {
      const set = await propose(suite.db, suite.ids.taskId, [
        { name: 'update_task_estimate', args: { minutes } },
      ]);
      const result = await confirmItem(
        suite.db,
        set.id,
        set.items.length - 1,
        edited ? { edited: { minutes: edited } } : {},
      );
      return offerAfterDecision(suite.db, result.decisionId!);
    };
    // An edited confirmation does not count.
    expect(await confirmEstimate(300, 301)).toBeUndefined();
    for (let count = 1; count <= 9; count++)
      expect(await confirmEstimate(10 + count)).toBeUndefined();
    const offer = await confirmEstimate(100);
    expect(offer).toMatchObject({ type: 'trust', toolName: 'update_task_estimate' });
    expect(offer?.question).toMatch(/^Apply estimate changes without asking\?/);
    // Dismissed (not accepted): never offered again.
    expect(await confirmEstimate(200)).toBeUndefined();
    expect(await readTrustedTools(suite.db)).toEqual([]);
    await acceptTrustOffer(suite.db, offer!.toolName);
    expect(await readTrustedTools(suite.db)).toEqual(['update_task_estimate']);
  });
});
