import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTask, createTestDatabase, userWrite } from '../../test/support/test-database';
import type { CountersignDatabase } from '../db/database';
import { writeSyncConfig } from '../db/sync-connection';

let db: CountersignDatabase;
beforeEach(() => {
  db = createTestDatabase();
});
afterEach(async () => {
  await db.delete();
});

describe('the outbox is kept only while sync is configured', () => {
  it('keeps no outbox row on a device that never configured sync, and still records the ledger', async () => {
    const taskId = await createTask(db);
    await userWrite(db, 'update_task_priority', { priority: 'P0' }, { taskId });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.mutations.count()).toBe(2);
  });

  it('keeps one row per write once sync is configured, and none for the writes before', async () => {
    await createTask(db, 'Before sync');
    await writeSyncConfig(db, {
      url: 'wss://sync.example.org',
      user: 'alice',
      secret: { kind: 'password', password: 'pw' },
      enabled: true,
    });
    const taskId = await createTask(db, 'After sync');
    const rows = await db.outbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.diffs.map((diff) => diff.id)).toContain(taskId);
  });
});
