import { agentReadySuite, type AgentReadySuite } from '../../../test/support/agent-ready-suite';
import { describe, expect, it } from 'vitest';
import type { CountersignDatabase } from '../../db/database';
import { dispatch } from '../../dispatcher/dispatch';
import { userWrite } from '../../../test/support/test-database';

let db: CountersignDatabase;
let ids: AgentReadySuite['ids'];
agentReadySuite((fresh) => ({ db, ids } = fresh));

const apply = (tool: string, args: unknown) =>
  dispatch(db, tool, args, {
    source: 'confirmation',
    taskId: ids.taskId,
    operationKey: crypto.randomUUID(),
  });
const items = async () =>
  (await db.checklistItems.where('taskId').equals(ids.taskId).toArray()).sort(
    (a, b) => a.order - b.order,
  );

describe('add_multiple_checklist_items (the array-only contract)', () => {
  it('trims titles, drops empty ones, keeps order and duplicates, ignores unknown keys, returns createdItems', async () => {
    const result = await apply('add_multiple_checklist_items', {
      items: [
        { title: '  Milk ' },
        { title: '   ' },
        { title: 'Eggs', isChecked: true, colour: 'red' },
        { title: 'Milk' },
      ],
    });
    expect(result.success).toBe(true);
    const created = result.data!.createdItems as {
      id: string;
      title: string;
      isChecked: boolean;
    }[];
    expect(created.map(({ title, isChecked }) => ({ title, isChecked }))).toEqual([
      { title: 'Milk', isChecked: false },
      { title: 'Eggs', isChecked: true },
      { title: 'Milk', isChecked: false },
    ]);
    expect(JSON.parse(result.output)).toEqual({ createdItems: created });
    const stored = await items();
    expect(stored.slice(-3).map((item) => item.id)).toEqual(created.map((item) => item.id));
    expect(stored.find((item) => item.title === 'Eggs')).toMatchObject({ checkedBy: 'agent' });
    expect(stored.find((item) => item.title === 'Eggs')).not.toHaveProperty('colour');
  });

  it('accepts exactly 20 items and a 400-character title', async () => {
    const twenty = Array.from({ length: 20 }, (_, index) => ({
      title: index === 0 ? 'z'.repeat(400) : `Item ${index}`,
    }));
    expect((await apply('add_multiple_checklist_items', { items: twenty })).success).toBe(true);
  });

  it('refuses a comma-separated string and shows the JSON form', async () => {
    const result = await apply('add_multiple_checklist_items', { items: 'Milk, Eggs' });
    expect(result.output).toContain('{"items": [{"title": "Pick up milk"}');
    expect(await items()).toHaveLength(2);
  });
});

describe('update_checklist_items', () => {
  it('checks items off and stamps who and when', async () => {
    const result = await apply('update_checklist_items', {
      items: [{ id: ids.itemIds[0], isChecked: true }],
    });
    expect(result.success).toBe(true);
    expect((await items())[0]).toMatchObject({ isChecked: true, checkedBy: 'agent' });
    expect((await items())[0]!.checkedAt).toBeDefined();
  });

  it('refuses ids from another task, listing this task’s items', async () => {
    const other = await userWrite(db, 'create_task', { title: 'Other' });
    const added = await userWrite(
      db,
      'add_checklist_item',
      { title: 'Elsewhere' },
      { taskId: other.data!.taskId as string },
    );
    const foreignId = (added.data!.createdItems as { id: string }[])[0]!.id;
    const result = await apply('update_checklist_items', {
      items: [{ id: foreignId, isChecked: true }],
    });
    expect(result.output).toMatch(/not on this task.*Write script/);
  });

  it('flips an item the user checked only with a reason', async () => {
    await userWrite(
      db,
      'update_checklist_item',
      { id: ids.itemIds[1], isChecked: true },
      { taskId: ids.taskId },
    );
    const withoutReason = await apply('update_checklist_items', {
      items: [{ id: ids.itemIds[1], isChecked: false }],
    });
    expect(withoutReason.success).toBe(false);
    expect(withoutReason.output).toMatch(/checked "Book room" themselves.*reason/);
    const withReason = await apply('update_checklist_items', {
      items: [{ id: ids.itemIds[1], isChecked: false, reason: 'The booking was cancelled' }],
    });
    expect(withReason.success).toBe(true);
    expect((await items())[1]).toMatchObject({ isChecked: false, checkedBy: 'agent' });
  });

  it('archives and renames, and calls an item already like that a no-op', async () => {
    await apply('update_checklist_items', {
      items: [{ id: ids.itemIds[0], title: 'Write the script', isArchived: true }],
    });
    expect((await items())[0]).toMatchObject({ title: 'Write the script', isArchived: true });
    const again = await apply('update_checklist_items', {
      items: [{ id: ids.itemIds[0], isArchived: true }],
    });
    expect(again).toMatchObject({ success: true, noop: true });
  });

  it('marks a deleted target as never going to succeed', async () => {
    await userWrite(db, 'delete_checklist_item', { id: ids.itemIds[0] }, { taskId: ids.taskId });
    const result = await apply('update_checklist_item', { id: ids.itemIds[0], isChecked: true });
    expect(result).toMatchObject({ success: false, nonRetryable: true });
  });
});

describe('move_checklist_item', () => {
  it('swaps an item with its neighbour and says when it cannot move', async () => {
    await userWrite(
      db,
      'move_checklist_item',
      { id: ids.itemIds[1], direction: 'up' },
      { taskId: ids.taskId },
    );
    expect((await items()).map((item) => item.title)).toEqual(['Book room', 'Write script']);
    const top = await userWrite(
      db,
      'move_checklist_item',
      { id: ids.itemIds[1], direction: 'up' },
      { taskId: ids.taskId },
    );
    expect(top.noop).toBe(true);
  });
});
