import { afterEach, describe, expect, it } from 'vitest';
import { taskRow } from '../../../test/support/factories';
import { createTestDatabase } from '../../../test/support/test-database';
import type { CountersignDatabase } from '../../db/database';
import { encodeEnvelope, splitOperation, type SyncOperation } from '../../domain/sync-envelope';
import type { SyncMessage } from '../transport/sync-transport';
import { applyIncoming } from './apply-incoming';

const AT = '2026-11-27T08:00:00.000Z';
const opened: CountersignDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

function operation(title: string, rows = 1): SyncOperation {
  return {
    v: 1,
    operationId: 'op-same-id',
    kind: 'journal',
    deviceId: 'other',
    vectorClock: { other: 1 },
    time: AT,
    diffs: Array.from({ length: rows }, (_, index) => {
      const task = { ...taskRow({ id: `task-${index}`, title }), vectorClock: { other: 1 } };
      return { table: 'tasks' as const, id: task.id, before: null, after: task };
    }),
  };
}

const messages = (first: number, op: SyncOperation, budget?: number): SyncMessage[] =>
  splitOperation(op, budget).map((envelope, index) => ({
    seq: first + index,
    subject: `cs.ann.ops.m${first + index}`,
    kind: 'operation',
    time: AT,
    data: encodeEnvelope(envelope),
  }));

async function receive(batches: SyncMessage[][]) {
  const db = createTestDatabase();
  opened.push(db);
  const deps = { db, deviceId: 'here', now: () => AT, resolveClaim: async () => {} };
  for (const batch of batches) await applyIncoming(deps, batch);
  return db;
}

describe('one operation id means one content', () => {
  it('applies the first content and quarantines the second in words, in one batch or two', async () => {
    const first = messages(1, operation('Call the plumber'));
    const second = messages(2, operation('Pay the hostile device'));
    const again = messages(3, operation('Call the plumber'));
    for (const batches of [[[...first, ...second, ...again]], [first, second, again]]) {
      const db = await receive(batches);
      expect(await db.tasks.get('task-0')).toMatchObject({ title: 'Call the plumber' });
      const quarantined = await db.syncQuarantine.toArray();
      expect(quarantined.map((row) => row.seq)).toEqual([2]);
      expect(quarantined[0]!.reason).toMatch(/different content was applied first/);
      expect(await db.syncState.get('cursor')).toMatchObject({ value: 3 });
    }
  });

  it('keeps the first copy of a part and refuses another content for it in words', async () => {
    const big = operation('x'.repeat(300), 6);
    const parts = messages(1, big, 1_200);
    expect(parts.length).toBeGreaterThan(2);
    const forgedPart = messages(10, operation('y'.repeat(300), 6), 1_200)[0]!;
    const db = await receive([
      [parts[0]!],
      [{ ...forgedPart, seq: 2 }],
      renumber(parts.slice(1), 3),
    ]);
    expect(await db.tasks.get('task-0')).toMatchObject({ title: 'x'.repeat(300) });
    const quarantined = await db.syncQuarantine.toArray();
    expect(quarantined.map((row) => [row.seq, row.reason])).toEqual([
      [2, expect.stringMatching(/part 1 of \d+ .* arrived again with different content/)],
    ]);
  });
});

function renumber(list: SyncMessage[], from: number): SyncMessage[] {
  return list.map((message, index) => ({ ...message, seq: from + index }));
}
