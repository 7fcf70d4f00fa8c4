import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTask, createTestDatabase, userWrite } from '../../../test/support/test-database';
import { seedSampleJournalOnce } from '../../app/first-run';
import type { CountersignDatabase } from '../../db/database';
import { publishJournalOnce } from './publish-journal';

let db: CountersignDatabase;
beforeEach(() => {
  db = createTestDatabase();
});
afterEach(async () => {
  await db.delete();
});

const NOW = '2026-11-27T10:00:00.000Z';

describe('sync turned on hands over what the device wrote before', () => {
  it('queues every synced row as operations of at most 500 rows, tables in order, once', async () => {
    const taskId = await createTask(db, 'Written before sync');
    await userWrite(db, 'add_journal_entry', { text: 'Called the venue' }, { taskId });
    expect(await db.outbox.count()).toBe(0);

    expect(await publishJournalOnce(db, NOW)).toBe(1);
    const [row] = await db.outbox.orderBy('createdAt').toArray();
    const tables = row!.diffs.map((diff) => diff.table);
    expect(tables.indexOf('tasks')).toBeLessThan(tables.indexOf('entries'));
    expect(row!.diffs.find((diff) => diff.id === taskId)?.after).toMatchObject({
      title: 'Written before sync',
    });
    expect(row!.diffs.every((diff) => diff.before === null)).toBe(true);

    // From now on each write keeps its own row, and the journal is not queued again.
    await createTask(db, 'Written after');
    expect(await db.outbox.count()).toBe(2);
    expect(await publishJournalOnce(db, NOW)).toBe(0);
    expect(await db.outbox.count()).toBe(2);
  });

  it('cuts a large journal into operations read back in the order they were queued', async () => {
    await db.entries.bulkAdd(
      Array.from({ length: 1_200 }, (_, index) => ({
        id: `entry-${index}`,
        taskId: 'task',
        text: `Entry ${index}`,
        createdAt: NOW,
        updatedAt: NOW,
        rev: 1,
        vectorClock: { dev: 1 },
      })) as never,
    );
    await createTask(db, 'First');
    expect(await publishJournalOnce(db, NOW)).toBe(3);
    const rows = await db.outbox.orderBy('createdAt').toArray();
    expect(rows.map((row) => row.diffs.length)).toEqual([500, 500, 201]);
    expect(rows[0]!.diffs[0]!.table).toBe('tasks');
  });

  it('only marks a device that synced before this rule: it kept its outbox all along', async () => {
    await createTask(db, 'Synced long ago');
    await db.syncState.put({ key: 'cursor', value: 42 });
    expect(await publishJournalOnce(db, NOW)).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    await createTask(db, 'After the update');
    expect(await db.outbox.count()).toBe(1);
  });

  it('keeps the samples nobody changed on this device, and hands over the ones the person changed', async () => {
    await seedSampleJournalOnce(db);
    await userWrite(db, 'set_task_title', { title: 'Bike, fixed' }, { taskId: 'sample-task-bike' });
    await createTask(db, 'Mine');
    await publishJournalOnce(db, NOW);
    const ids = (await db.outbox.toArray()).flatMap((row) => row.diffs.map((diff) => diff.id));
    expect(ids).toContain('sample-task-bike');
    expect(ids).not.toContain('sample-task-dentist');
    expect((await db.tasks.toArray()).filter((task) => ids.includes(task.id))).toHaveLength(2);
  });
});
