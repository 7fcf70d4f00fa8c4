/** The write path across modules: first run, two tabs on one database, and failure modes. */
import { afterEach, describe, expect, it } from 'vitest';
import { seedSampleJournalOnce } from '../src/app/first-run';
import { CountersignDatabase } from '../src/db/database';
import { getDeviceId } from '../src/db/settings';
import { dispatch } from '../src/dispatcher/dispatch';
import { buildSampleJournal } from '../src/domain/sample-journal';

const opened: CountersignDatabase[] = [];
function tab(name: string) {
  const db = new CountersignDatabase(name);
  opened.push(db);
  return db;
}
afterEach(async () => {
  const names = new Set(opened.map((db) => db.name));
  for (const db of opened.splice(0)) db.close();
  for (const name of names) await new CountersignDatabase(name).delete();
});

describe('first run', () => {
  it('imports the sample journal once, even when two tabs open together', async () => {
    const name = `first-run-${crypto.randomUUID()}`;
    const [first, second] = [tab(name), tab(name)];
    await Promise.all([seedSampleJournalOnce(first), seedSampleJournalOnce(second)]);
    const sample = buildSampleJournal();
    expect(await first.tasks.count()).toBe(sample.tables.tasks.length);
    expect(await first.checklistItems.count()).toBe(sample.tables.checklistItems.length);
    expect(await first.entries.count()).toBe(sample.tables.entries.length);
  });

  it('does not bring the samples back after the person deleted them', async () => {
    const db = tab(`first-run-${crypto.randomUUID()}`);
    await seedSampleJournalOnce(db);
    for (const task of await db.tasks.toArray()) {
      const result = await dispatch(db, 'delete_task', {}, { source: 'user', taskId: task.id });
      expect(result.success).toBe(true);
    }
    await seedSampleJournalOnce(db);
    expect((await db.tasks.toArray()).every((task) => task.deletedAt)).toBe(true);
  });
});

describe('two tabs on one database', () => {
  it('share one device id', async () => {
    const name = `device-${crypto.randomUUID()}`;
    const [first, second] = await Promise.all([getDeviceId(tab(name)), getDeviceId(tab(name))]);
    expect(first).toBe(second);
  });

  it('never lose either tab’s edit to the same task', async () => {
    const name = `tabs-${crypto.randomUUID()}`;
    const [left, right] = [tab(name), tab(name)];
    const created = await dispatch(left, 'create_task', { title: 'Shared' }, { source: 'user' });
    const taskId = created.data!.taskId as string;
    await Promise.all([
      dispatch(left, 'update_task_estimate', { minutes: 30 }, { source: 'user', taskId }),
      dispatch(right, 'update_task_priority', { priority: 'P0' }, { source: 'user', taskId }),
      dispatch(
        right,
        'add_checklist_item',
        { title: 'From the right tab' },
        { source: 'user', taskId },
      ),
    ]);
    const task = await right.tasks.get(taskId);
    expect(task).toMatchObject({ estimateMinutes: 30, priority: 'P0', rev: 3 });
    expect(await left.checklistItems.where('taskId').equals(taskId).count()).toBe(1);
  });
});

describe('failures', () => {
  it('reports a closed database in words and throws nothing', async () => {
    const db = tab(`closed-${crypto.randomUUID()}`);
    const created = await dispatch(db, 'create_task', { title: 'x' }, { source: 'user' });
    db.close();
    const result = await dispatch(
      db,
      'set_task_title',
      { title: 'y' },
      { source: 'user', taskId: created.data!.taskId as string },
    );
    expect(result.success).toBe(false);
    expect(result.output.length).toBeGreaterThan(10);
  });

  it('leaves the journal untouched when a handler fails half-way', async () => {
    const db = tab(`half-${crypto.randomUUID()}`);
    const created = await dispatch(db, 'create_task', { title: 'x' }, { source: 'user' });
    const taskId = created.data!.taskId as string;
    const item = await dispatch(
      db,
      'add_checklist_item',
      { title: 'one' },
      { source: 'user', taskId },
    );
    const itemId = (item.data!.createdItems as { id: string }[])[0]!.id;
    // The first element is valid and would be written; the second names an item that does not exist.
    const result = await dispatch(
      db,
      'update_checklist_items',
      {
        items: [
          { id: itemId, isChecked: true },
          { id: 'missing', isChecked: true },
        ],
      },
      { source: 'user', taskId },
    );
    expect(result.success).toBe(false);
    expect((await db.checklistItems.get(itemId))?.isChecked).toBe(false);
  });
});
