/**
 * The seeding helper's contract, which the benchmark and fixtures rely on and a change of
 * proposal storage must keep: rows are parsed before anything is written, and seeded
 * change sets read back through the review queries as if the builder had written them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import {
  FACTORY_TIME,
  categoryRow,
  checklistItemRow,
  entryRow,
  labelRow,
  taskRow,
} from '../../test/support/factories';
import { createTestDatabase } from '../../test/support/test-database';
import type { Task } from '../domain/task';
import type { CountersignDatabase } from './database';
import { readInboxWindow, reviewItemKey } from './queries/review-proposals';
import { countPendingItems } from './tallies';
import {
  changeItemStatus,
  clearJournalRows,
  removeChangeSets,
  seedChangeSets,
  seedRows,
  type SeedChangeSet,
} from './seed-rows';
import { readSetting, writeSetting } from './settings';

let db: CountersignDatabase;
beforeEach(() => {
  db = createTestDatabase();
});
afterEach(async () => {
  await db.delete();
});

function pendingSet(taskId: string, titles: string[]): SeedChangeSet {
  return {
    id: `set-${taskId}`,
    agentId: 'agent-1',
    taskId,
    runKey: `run-${taskId}`,
    proposedAt: FACTORY_TIME,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    items: titles.map((title) => ({
      toolName: 'add_checklist_item',
      args: { title },
      humanSummary: `Add: "${title}"`,
      fingerprint: `fingerprint-${title}`,
      baseRev: 1,
      base: {},
      groupId: 'group-1',
    })),
  };
}

describe('seedRows', () => {
  it('writes valid factory rows of every table, in chunks of one transaction each', async () => {
    const task = taskRow();
    await seedRows(db, 'categories', [categoryRow()]);
    await seedRows(db, 'labels', [labelRow()]);
    await seedRows(db, 'tasks', [task]);
    await seedRows(db, 'checklistItems', [checklistItemRow({ taskId: task.id })]);
    const entries = Array.from({ length: 5 }, () => entryRow({ taskId: task.id }));
    const timing = await seedRows(db, 'entries', entries, { chunkSize: 2 });
    expect(timing).toMatchObject({ rows: 5, transactions: 3 });
    expect(await db.entries.count()).toBe(5);
    expect(await db.tasks.get(task.id)).toEqual(task);
    expect(await db.mutations.count()).toBe(0);
    expect(await db.auditMessages.count()).toBe(0);
  });

  it('writes nothing when one row is invalid', async () => {
    const invalid = { ...taskRow(), priority: 'P9' } as unknown as Task;
    await expect(seedRows(db, 'tasks', [taskRow(), invalid])).rejects.toBeInstanceOf(ZodError);
    expect(await db.tasks.count()).toBe(0);
  });
});

describe('seedChangeSets', () => {
  it('stores sets that the review queries read as pending', async () => {
    const task = taskRow({ title: 'Plan the offsite' });
    await seedRows(db, 'tasks', [task]);
    await seedChangeSets(db, [pendingSet(task.id, ['Book a room', 'Send the agenda'])]);
    expect(await countPendingItems(db)).toEqual({ items: 2, sets: 1 });
    const rows = await readInboxWindow(db, 0, 10);
    expect(rows[0]?.taskTitle).toBe('Plan the offsite');
    expect(rows.map((row) => row.entry.item.humanSummary)).toEqual([
      'Add: "Book a room"',
      'Add: "Send the agenda"',
    ]);
    expect(await changeItemStatus(db, rows[1]!.entry.key)).toBe('pending');
  });

  it('removes a task’s sets', async () => {
    const task = taskRow();
    await seedRows(db, 'tasks', [task]);
    await seedChangeSets(db, [pendingSet(task.id, ['Book a room'])]);
    await removeChangeSets(db, task.id);
    expect(await countPendingItems(db)).toEqual({ items: 0, sets: 0 });
    expect(await changeItemStatus(db, reviewItemKey(`set-${task.id}`, 0))).toBeUndefined();
  });
});

describe('clearJournalRows', () => {
  it('empties the journal and proposals, and keeps the settings', async () => {
    const task = taskRow();
    await seedRows(db, 'tasks', [task]);
    await seedChangeSets(db, [pendingSet(task.id, ['Book a room'])]);
    await writeSetting(db, 'kept', 'yes');
    await clearJournalRows(db);
    expect(await db.tasks.count()).toBe(0);
    expect(await db.changeSets.count()).toBe(0);
    expect(await readSetting(db, 'kept')).toBe('yes');
  });
});
