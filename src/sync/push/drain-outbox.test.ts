import { afterEach, describe, expect, it } from 'vitest';
import type { CountersignDatabase } from '../../db/database';
import type { OutboxRow } from '../../domain/outbox-row';
import { createTestDatabase } from '../../../test/support/test-database';
import { drainOutbox } from './drain-outbox';

const opened: CountersignDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

const diff = { table: 'tasks', id: 't1', before: null, after: { id: 't1' } };
const outbox = (id: string, createdAt: string, extra: Partial<OutboxRow> = {}): OutboxRow => ({
  id,
  operationId: `op-${id}`,
  kind: 'journal',
  diffs: [diff],
  createdAt,
  ...extra,
});

describe('drainOutbox', () => {
  it('records one push per outbox row, numbered in the order they were written, once', async () => {
    const db = createTestDatabase();
    opened.push(db);
    await db.outbox.bulkAdd([
      outbox('b', '2026-03-01T10:00:02.000Z'),
      outbox('a', '2026-03-01T10:00:01.000Z'),
      outbox('local', '2026-03-01T10:00:03.000Z', {
        diffs: [{ table: 'wakes', id: 'w', before: null, after: {} }],
      }),
    ]);
    expect(await drainOutbox(db, 1)).toBe(2);
    expect(await drainOutbox(db, 2)).toBe(0);
    const pushes = await db.syncPushes.orderBy('sequence').toArray();
    expect(pushes.map((push) => [push.operationId, push.sequence, push.state])).toEqual([
      ['op-a', 1, 'pending'],
      ['op-b', 2, 'pending'],
    ]);
    // Nothing of it would leave the device: it leaves the outbox at once.
    expect(await db.outbox.get('local')).toBeUndefined();
    await db.outbox.add(outbox('c', '2026-03-01T10:00:04.000Z'));
    await drainOutbox(db, 3);
    expect((await db.syncPushes.get('op-c'))?.sequence).toBe(3);
  });

  it('gives a decision the round after the item’s undone decisions', async () => {
    const db = createTestDatabase();
    opened.push(db);
    const decision = (id: string, decidedAt: string, undoneAt?: string) => ({
      id,
      changeSetId: 'set-1',
      taskId: 't1',
      itemIndex: 0,
      toolName: 'update_task_estimate',
      args: {},
      fingerprint: 'f',
      verdict: 'rejected' as const,
      actor: 'user' as const,
      decidedAt,
      deviceId: 'laptop',
      createdAt: decidedAt,
      updatedAt: decidedAt,
      rev: 1,
      vectorClock: {},
      ...(undoneAt ? { undoneAt } : {}),
    });
    await db.decisions.bulkAdd([
      decision('d1', '2026-03-01T10:00:00.000Z', '2026-03-01T10:01:00.000Z'),
      decision('d2', '2026-03-01T10:02:00.000Z'),
    ]);
    const claim = (decisionId: string) => ({
      changeSetId: 'set-1',
      itemIndex: 0,
      decisionId,
      verdict: 'rejected' as const,
    });
    await db.outbox.bulkAdd([
      outbox('first', '2026-03-01T10:00:00.000Z', { claim: claim('d1') }),
      outbox('second', '2026-03-01T10:02:00.000Z', { claim: claim('d2') }),
    ]);
    await drainOutbox(db, 1);
    expect((await db.syncPushes.get('op-first'))?.claim?.round).toBe(0);
    expect((await db.syncPushes.get('op-second'))?.claim?.round).toBe(1);
  });
});
