import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { taskRow } from '../../../test/support/factories';
import { createTestDatabase } from '../../../test/support/test-database';
import type { CountersignDatabase } from '../../db/database';
import { getDeviceId } from '../../db/settings';
import { encodeEnvelope } from '../../domain/sync-envelope';
import { repairSharedDeviceId } from '../runtime/shared-device-id';
import type { SyncMessage } from '../transport/sync-transport';
import { applyIncoming } from './apply-incoming';

const AT = '2026-11-27T08:00:00.000Z';
let db: CountersignDatabase;
beforeEach(() => {
  db = createTestDatabase();
});
afterEach(() => db.delete());

function newTask(seq: number, operationId: string, deviceId: string): SyncMessage {
  const task = {
    ...taskRow({ id: `task-${operationId}`, title: operationId }),
    vectorClock: { [deviceId]: 1 },
  };
  return {
    seq,
    subject: `cs.ann.ops.${operationId}`,
    kind: 'operation',
    time: AT,
    data: encodeEnvelope({
      v: 1,
      operationId,
      kind: 'create_task',
      deviceId,
      vectorClock: { [deviceId]: 1 },
      time: AT,
      part: { index: 0, count: 1 },
      diffs: [{ table: 'tasks', id: task.id, before: null, after: task }],
    }),
  };
}

describe("this device's own operations", () => {
  it('are the ones it pushed; one naming its id that it never pushed comes from a device sharing the id', async () => {
    const here = await getDeviceId(db);
    await db.syncPushes.add({
      operationId: 'pushed-here',
      sequence: 1,
      state: 'applied',
      attempts: 1,
      updatedAt: 0,
      outboxId: 'outbox-1',
      kind: 'journal',
    });
    let shared = 0;
    await applyIncoming(
      {
        db,
        deviceId: here,
        now: () => AT,
        resolveClaim: async () => {},
        deviceIdShared: async () => {
          shared += 1;
        },
      },
      [newTask(1, 'pushed-here', here), newTask(2, 'copied-profile', here)],
    );
    expect(await db.tasks.get('task-pushed-here')).toBeUndefined();
    expect(await db.tasks.get('task-copied-profile')).toMatchObject({ title: 'copied-profile' });
    expect(shared).toBe(1);
  });

  it('repairs a shared id by minting a new one, and says so', async () => {
    const before = await getDeviceId(db);
    const after = await repairSharedDeviceId(db, before, AT);
    expect(after).not.toBe(before);
    expect(await getDeviceId(db)).toBe(after);
    const [notice] = await db.auditMessages.toArray();
    expect(notice?.summary).toMatch(
      /Another device was using this device's id .* now has its own id/,
    );
  });
});
