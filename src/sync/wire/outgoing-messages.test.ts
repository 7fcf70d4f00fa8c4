import { describe, expect, it } from 'vitest';
import type { OutboxRow } from '../../domain/outbox-row';
import { parseEnvelope } from '../../domain/sync-envelope';
import { outgoingMessages } from './outgoing-messages';

const item = {
  id: 'set-1:0',
  status: 'pending',
  pendingKey: ['t', 'set-1', 0],
  pendingExpiry: 'x',
};
const row: OutboxRow = {
  id: 'outbox-1',
  operationId: 'op-1',
  kind: 'proposal',
  createdAt: '2026-03-01T10:00:00.000Z',
  diffs: [
    {
      table: 'changeItems',
      id: 'set-1:0',
      before: null,
      after: { ...item, vectorClock: { a: 1 } },
    },
    { table: 'wakes', id: 'wake-1', before: null, after: { id: 'wake-1' } },
  ],
};

describe('outgoingMessages', () => {
  it('sends synced tables only, without the inbox keys each device derives', () => {
    const [message, ...rest] = outgoingMessages(row, 'laptop');
    expect(rest).toEqual([]);
    expect(message!.messageId).toBe('op-1');
    const parsed = parseEnvelope(message!.data);
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(parsed.envelope).toMatchObject({
      operationId: 'op-1',
      kind: 'proposal',
      deviceId: 'laptop',
      vectorClock: { a: 1 },
      time: row.createdAt,
    });
    expect(parsed.envelope.diffs).toEqual([
      {
        table: 'changeItems',
        id: 'set-1:0',
        before: null,
        after: { id: 'set-1:0', status: 'pending', vectorClock: { a: 1 } },
      },
    ]);
  });

  it('splits a large operation into parts under the budget, the same bytes every time', () => {
    const large: OutboxRow = {
      ...row,
      diffs: Array.from({ length: 40 }, (_, index) => ({
        table: 'entries',
        id: `entry-${index}`,
        before: null,
        after: { id: `entry-${index}`, text: 'x'.repeat(1_000) },
      })),
    };
    const first = outgoingMessages(large, 'laptop', 8_000);
    expect(first.length).toBeGreaterThan(4);
    expect(first.every((message) => message.data.byteLength <= 8_000)).toBe(true);
    expect(first[0]!.messageId).toBe(`op-1-p1of${first.length}`);
    expect(outgoingMessages(large, 'laptop', 8_000)).toEqual(first);
  });
});
