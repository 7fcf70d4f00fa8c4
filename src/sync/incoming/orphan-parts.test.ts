import { afterEach, describe, expect, it } from 'vitest';
import { remoteTask, remoteTaskOperation } from '../../../test/support/remote-operation';
import { createTestDatabase } from '../../../test/support/test-database';
import type { CountersignDatabase } from '../../db/database';
import { readSyncCounts } from '../../db/sync-settings';
import { encodeEnvelope, splitOperation } from '../../domain/sync-envelope';
import type { SyncMessage } from '../transport/sync-transport';
import { applyIncoming } from './apply-incoming';
import { expireOrphanParts, PART_KEPT_DAYS } from './orphan-parts';

const AT = '2026-11-27T08:00:00.000Z';
const DAY = 24 * 60 * 60 * 1000;
const later = (days: number) => new Date(Date.parse(AT) + days * DAY).toISOString();

const opened: CountersignDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

const operation = (operationId: string, title: string, rows: number) =>
  remoteTaskOperation(
    operationId,
    Array.from({ length: rows }, (_, index) => remoteTask(`${operationId}-${index}`, title)),
    AT,
  );

const message = (seq: number, data: Uint8Array, time: string): SyncMessage => ({
  seq,
  subject: `cs.ann.ops.m${seq}`,
  kind: 'operation',
  time,
  data,
});

/** The first part of a split operation whose other parts never come. */
function orphan(seq: number, operationId: string, time: string): SyncMessage {
  const parts = splitOperation(operation(operationId, 'x'.repeat(300), 6), 1_200);
  expect(parts.length).toBeGreaterThan(1);
  return message(seq, encodeEnvelope(parts[0]!), time);
}

const whole = (seq: number, operationId: string, time: string) =>
  message(
    seq,
    encodeEnvelope({ ...operation(operationId, 'Small', 1), part: { index: 0, count: 1 } }),
    time,
  );

async function device() {
  const db = createTestDatabase();
  opened.push(db);
  // This device's clock is far behind: expiry follows the server's times, not it.
  const deps = {
    db,
    deviceId: 'here',
    now: () => '2020-01-01T00:00:00.000Z',
    resolveClaim: async () => {},
  };
  return { db, receive: (batch: SyncMessage[]) => applyIncoming(deps, batch) };
}

describe('orphan parts', () => {
  it(`are counted while they wait, and set aside ${PART_KEPT_DAYS} days of server time later`, async () => {
    const { db, receive } = await device();
    await receive([orphan(1, 'op-orphan', AT)]);
    expect(await readSyncCounts(db)).toMatchObject({ partsWaiting: 1, partsExpired: 0 });

    await receive([whole(2, 'op-a', later(PART_KEPT_DAYS - 1))]);
    expect(await readSyncCounts(db)).toMatchObject({ partsWaiting: 1, partsExpired: 0 });

    await receive([
      orphan(3, 'op-second', later(PART_KEPT_DAYS)),
      whole(4, 'op-b', later(PART_KEPT_DAYS + 1)),
    ]);
    expect(await db.syncParts.toArray()).toEqual([
      expect.objectContaining({ operationId: 'op-second', storedAt: later(PART_KEPT_DAYS) }),
    ]);
    expect(await readSyncCounts(db)).toMatchObject({ partsWaiting: 1, partsExpired: 1 });
    expect(await db.tasks.get('op-b-0')).toMatchObject({ title: 'Small' });
  });

  it('dates a part kept before its time was stored, from the first sweep that sees it', async () => {
    const { db } = await device();
    await db.syncParts.put({ id: 'old:0', operationId: 'old', seq: 1, envelope: {} });
    expect(await expireOrphanParts(db, AT)).toBe(0);
    expect(await db.syncParts.get('old:0')).toMatchObject({ storedAt: AT });
    expect(await expireOrphanParts(db, later(PART_KEPT_DAYS + 1))).toBe(1);
    expect(await readSyncCounts(db)).toMatchObject({ partsWaiting: 0, partsExpired: 1 });
  });
});
