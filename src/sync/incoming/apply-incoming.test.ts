import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { taskRow } from '../../../test/support/factories';
import { createTestDatabase } from '../../../test/support/test-database';
import type { CountersignDatabase } from '../../db/database';
import { encodeEnvelope } from '../../domain/sync-envelope';
import type { SyncMessage } from '../transport/sync-transport';
import { applyIncoming } from './apply-incoming';

const FAR_FUTURE = '9999-12-31T00:00:00.000Z';
const STORED_AT = '2026-11-27T08:00:00.000Z';
/** The server's time plus the merge rule's allowance for clock skew (5 minutes). */
const CAPPED = '2026-11-27T08:05:00.000Z';

let db: CountersignDatabase;
beforeEach(async () => {
  db = createTestDatabase();
  await db.open();
});
afterEach(() => db.delete());

/** Another device's new task, every time of it in the year 9999, stored by the server at STORED_AT. */
function farFutureTask(): SyncMessage {
  const task = {
    ...taskRow({ id: 'task-9999', title: 'From the future' }),
    createdAt: FAR_FUTURE,
    updatedAt: FAR_FUTURE,
    vectorClock: { other: 1 },
    fieldWrites: { title: { at: FAR_FUTURE, by: 'other' } },
  };
  return {
    seq: 1,
    subject: 'cs.ann.ops.op-9999',
    kind: 'operation',
    time: STORED_AT,
    data: encodeEnvelope({
      v: 1,
      operationId: 'op-9999',
      kind: 'create_task',
      deviceId: 'other',
      vectorClock: { other: 1 },
      time: FAR_FUTURE,
      part: { index: 0, count: 1 },
      diffs: [{ table: 'tasks', id: task.id, before: null, after: task }],
    }),
  };
}

describe('applyIncoming', () => {
  it("caps a row's far-future times against the server's time, whatever this device's clock says", async () => {
    for (const receiverClock of ['2026-11-27T07:00:00.000Z', '2031-01-01T00:00:00.000Z']) {
      await db.delete();
      db = createTestDatabase();
      await db.open();
      await applyIncoming(
        { db, deviceId: 'here', now: () => receiverClock, settleClaim: async () => {} },
        [farFutureTask()],
      );
      const stored = await db.tasks.get('task-9999');
      expect(stored).toMatchObject({
        title: 'From the future',
        createdAt: CAPPED,
        updatedAt: CAPPED,
        fieldWrites: { title: { at: CAPPED, by: 'other' } },
      });
    }
  });
});
