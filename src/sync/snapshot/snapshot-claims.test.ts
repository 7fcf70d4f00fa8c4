import { describe, expect, it } from 'vitest';
import { freshDatabases } from '../../../test/support/deleted-after-each';
import { verifyWritten } from '../../../test/support/snapshots';
import { createTask } from '../../../test/support/test-database';
import { NO_KEYS } from '../seal/key-ring';
import { syncSubjects } from '../transport/sync-subjects';
import { verifySnapshot } from './verify-snapshot';
import { loadSnapshot } from './load-snapshot';
import { readSnapshotRows } from './snapshot-rows';
import { writeSnapshot, type SnapshotRow } from './write-snapshot';

const subjects = syncSubjects('alice');
const NOW = new Date(Date.now() + 3_600_000).toISOString();
const fresh = freshDatabases();

const winner = (deviceId: string) => ({
  decisionId: `decision-${deviceId}`,
  verdict: 'confirmed' as const,
  deviceId,
  operationId: `op-${deviceId}`,
});

const write = (sequence: number, rows: readonly SnapshotRow[]) =>
  writeSnapshot(subjects, NO_KEYS, {
    sequence,
    writer: 'tok-laptop',
    deviceId: 'laptop',
    time: NOW,
    rows,
  });

describe('the decision claims in a snapshot', () => {
  it('carries the claims up to S, and a device that loads it knows them', async () => {
    const laptop = fresh();
    await createTask(laptop, 'Plan the trip');
    await laptop.outbox.clear();
    await laptop.syncState.put({ key: 'cursor', value: 42 });
    await laptop.syncClaims.bulkPut([
      { id: 'set-1.0', seq: 5, winner: winner('laptop') },
      { id: 'set-2-r1.3', seq: 40 },
      // Known from the server, after S: the stream after S carries it, not this snapshot.
      { id: 'set-3.0', seq: 50, winner: winner('phone') },
    ]);
    const read = await readSnapshotRows(laptop);
    if (!read.ok) throw new Error(read.reason);
    const written = await write(read.sequence, read.rows);
    expect(written.manifest.claims).toBe(true);
    const { manifest, operation } = await verifyWritten(subjects, NO_KEYS, written);

    const tablet = fresh();
    const loaded = await loadSnapshot(
      { db: tablet, deviceId: 'tablet', now: () => NOW },
      manifest,
      operation,
    );
    expect(loaded).toMatchObject({ ok: true, applied: true });
    expect(await tablet.syncClaims.toArray()).toEqual([
      { id: 'set-1.0', seq: 5, winner: winner('laptop') },
      { id: 'set-2-r1.3', seq: 40 },
    ]);
    expect(await tablet.tasks.count()).toBe(1);
  });

  it('is refused in words when a claim does not parse or lies after S', async () => {
    for (const [claim, words] of [
      [{ id: 'set-1.0', seq: 43 }, /a decision claim stored after its sequence/],
      [{ id: 'set-1.0', seq: 5, winner: { deviceId: 1 } }, /decision claim set-1.0 is not valid/],
      [{ id: 'set-1.0', seq: 5, extra: 'field' }, /decision claim set-1.0 is not valid/],
    ] as const) {
      const written = await write(42, [{ table: 'decisionClaims', id: 'set-1.0', row: claim }]);
      const verified = await verifySnapshot(
        subjects,
        NO_KEYS,
        written.messages.at(-1)!.data,
        written.messages.slice(0, -1).map((message) => message.data),
      );
      expect(verified).toEqual({
        ok: false,
        reason: expect.stringMatching(words),
      });
    }
  });
});
