import { describe, expect, it } from 'vitest';
import { journalSnapshot, userWrite } from '../../test/support/test-database';
import { propose, setWithItems } from '../../test/support/proposals';
import { confirmItem } from './confirm-item';
import { undoDecision } from './undo-decision';
import { agentReadySuite } from '../../test/support/agent-ready-suite';
const suite = agentReadySuite();

const task = async () => (await suite.db.tasks.get(suite.ids.taskId))!;
const estimateOf90 = () =>
  propose(suite.db, suite.ids.taskId, [{ name: 'update_task_estimate', args: { minutes: 90 } }]);

describe('confirming an edited proposal', () => {
  it('applies the edited arguments and keeps both sides in the decision', async () => {
    const set = await estimateOf90();
    const result = await confirmItem(suite.db, set.id, 0, { edited: { minutes: 60 } });
    expect(result).toMatchObject({
      status: 'applied',
      message: 'Applied: Set estimate to 60 minutes.',
    });
    expect((await task()).estimateMinutes).toBe(60);
    const decision = (await suite.db.decisions.get(result.decisionId!))!;
    expect(decision).toMatchObject({
      verdict: 'confirmed',
      args: { minutes: 90 },
      appliedArgs: { minutes: 60 },
    });
    const mutation = (await suite.db.mutations.get(decision.operationId!))!;
    expect(mutation).toMatchObject({ source: 'confirmation' });
    expect((await setWithItems(suite.db, set.id)).items[0]!.status).toBe('confirmed');
  });

  it('records no appliedArgs when the "edit" leaves the proposal as it was', async () => {
    const set = await estimateOf90();
    const result = await confirmItem(suite.db, set.id, 0, { edited: { minutes: 90 } });
    const decision = (await suite.db.decisions.get(result.decisionId!))!;
    expect(decision.appliedArgs).toBeUndefined();
  });

  it('changes nothing when the edit fails validation, and the item stays pending', async () => {
    const set = await estimateOf90();
    const before = await journalSnapshot(suite.db);
    const decisionsBefore = await suite.db.decisions.count();
    for (const minutes of [0, 2_000, 'soon', 1.5]) {
      const result = await confirmItem(suite.db, set.id, 0, { edited: { minutes } });
      expect(result.status).toBe('invalid');
      expect(result.message).not.toBe('');
    }
    expect(await journalSnapshot(suite.db)).toEqual(before);
    expect(await suite.db.decisions.count()).toBe(decisionsBefore);
    expect((await setWithItems(suite.db, set.id)).items[0]!.status).toBe('pending');
    // Still confirmable afterwards.
    expect((await confirmItem(suite.db, set.id, 0, { edited: { minutes: 45 } })).status).toBe(
      'applied',
    );
  });

  it('still asks "Apply anyway" for a stale item, edit or not', async () => {
    const set = await estimateOf90();
    await userWrite(
      suite.db,
      'update_task_estimate',
      { minutes: 30 },
      { taskId: suite.ids.taskId },
    );
    const stale = await confirmItem(suite.db, set.id, 0, { edited: { minutes: 60 } });
    expect(stale.status).toBe('stale');
    expect(stale.message).toMatch(/Apply anyway/);
    expect((await task()).estimateMinutes).toBe(30);
    const applied = await confirmItem(suite.db, set.id, 0, {
      edited: { minutes: 60 },
      applyAnyway: true,
    });
    expect(applied.status).toBe('applied');
    expect((await task()).estimateMinutes).toBe(60);
  });

  it('is undone back to the pre-image, whatever the edit', async () => {
    await userWrite(
      suite.db,
      'update_task_estimate',
      { minutes: 120 },
      { taskId: suite.ids.taskId },
    );
    const set = await estimateOf90();
    const result = await confirmItem(suite.db, set.id, 0, { edited: { minutes: 60 } });
    expect((await task()).estimateMinutes).toBe(60);
    const undone = await undoDecision(suite.db, result.decisionId!);
    // It names what was applied (the person's 60), not what was proposed (90).
    expect(undone).toMatchObject({
      status: 'undone',
      message: 'Undone: Set estimate to 60 minutes. It waits for review again.',
    });
    expect((await task()).estimateMinutes).toBe(120);
    expect((await suite.db.decisions.get(result.decisionId!))?.undoneAt).toBeDefined();
  });

  it('edits a checklist item proposal: its title and ticked state', async () => {
    const set = await propose(suite.db, suite.ids.taskId, [
      { name: 'add_multiple_checklist_items', args: { items: [{ title: 'Draft' }] } },
    ]);
    const result = await confirmItem(suite.db, set.id, 0, {
      edited: { title: 'Draft the agenda', isChecked: true },
    });
    expect(result.message).toBe('Applied: Add, already done: "Draft the agenda".');
    const added = (await suite.db.checklistItems.toArray()).find(
      (row) => row.title === 'Draft the agenda',
    );
    expect(added?.isChecked).toBe(true);
  });
});
