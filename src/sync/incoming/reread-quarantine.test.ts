import { afterEach, describe, expect, it } from 'vitest';
import { remoteTask, remoteTaskOperation } from '../../../test/support/remote-operation';
import { createTestDatabase } from '../../../test/support/test-database';
import type { CountersignDatabase } from '../../db/database';
import type { SyncQuarantineRow } from '../../db/sync-rows';
import { encodeEnvelope } from '../../domain/sync-envelope';
import type { SyncMessage } from '../transport/sync-transport';
import { applyIncoming, readCursor } from './apply-incoming';
import { QUARANTINE_KEPT_BYTES } from './quarantine-row';
import { rereadQuarantine } from './reread-quarantine';

const AT = '2026-11-27T08:00:00.000Z';
const opened: CountersignDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

function message(seq: number, operationId: string, rows: Record<string, unknown>[]): SyncMessage {
  const operation = remoteTaskOperation(operationId, rows, AT);
  return {
    seq,
    subject: `cs.ann.ops.${operationId}`,
    kind: 'operation',
    time: AT,
    data: encodeEnvelope({ ...operation, part: { index: 0, count: 1 } }),
  };
}

const task = remoteTask;

describe('quarantined messages are read again after an update', () => {
  it('applies what the new version can read, keeps what still fails, and counts both', async () => {
    const db = createTestDatabase();
    opened.push(db);
    const readable = message(1, 'op-new-format', [task('task-new')]);
    const large = message(
      2,
      'op-large',
      Array.from({ length: 1_200 }, (_, index) => task(`task-large-${index}`, 'x'.repeat(200))),
    );
    const refused = message(3, 'op-maxed', [{ ...task('task-maxed'), rev: 2 ** 31 - 1 }]);
    expect(large.data.byteLength).toBeGreaterThan(QUARANTINE_KEPT_BYTES);
    const base = { db, deviceId: 'here', now: () => AT, resolveClaim: async () => {} };
    // The old version cannot read the first two (here: it refuses who signed them).
    await applyIncoming(
      {
        ...base,
        appVersion: '1.0',
        keysProblem: async (diffs) =>
          diffs[0]?.id === 'task-maxed' ? undefined : 'A format this version cannot read.',
      },
      [readable, large, refused],
    );
    expect((await db.syncQuarantine.toArray()).map((row) => [row.seq, row.appVersion])).toEqual([
      [1, '1.0'],
      [2, '1.0'],
      [3, '1.0'],
    ]);
    expect(await db.syncQuarantine.get(2)).not.toHaveProperty('data');

    const readBack: number[] = [];
    const newVersion = { ...base, appVersion: '1.1' };
    const fromServer = async (row: SyncQuarantineRow) => {
      readBack.push(row.seq);
      return row.seq === large.seq ? large : undefined;
    };
    expect(await rereadQuarantine(newVersion, fromServer)).toEqual({
      appVersion: '1.1',
      reread: 3,
      landed: 2,
    });
    expect(readBack).toEqual([2]);
    expect(await db.tasks.get('task-new')).toMatchObject({ title: 'Call the plumber' });
    expect(await db.tasks.get('task-large-1199')).toMatchObject({ title: 'x'.repeat(200) });
    expect(await db.tasks.get('task-maxed')).toBeUndefined();
    expect(await db.syncQuarantine.toArray()).toEqual([
      expect.objectContaining({ seq: 3, appVersion: '1.1', reason: expect.stringMatching(/rev/) }),
    ]);
    expect(await readCursor(db)).toBe(3);
    // Once per version: the same version reads nothing again.
    expect(await rereadQuarantine(newVersion, fromServer)).toBeUndefined();
    expect(await db.syncState.get('quarantineReread')).toMatchObject({
      value: { appVersion: '1.1', reread: 3, landed: 2 },
    });
  });
});
