import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { remoteDecision } from '../../../test/support/claim-push';
import { stamp, taskRow } from '../../../test/support/factories';
import { createTask, createTestDatabase, userWrite } from '../../../test/support/test-database';
import { undoDecision } from '../../confirmation/undo-decision';
import { getDeviceId } from '../../db/settings';
import type { CountersignDatabase } from '../../db/database';
import { encodeEnvelope } from '../../domain/sync-envelope';
import type { SyncMessage } from '../transport/sync-transport';
import type { RowDiff } from '../../domain/sync-envelope';
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

function operationMessage(seq: number, operationId: string, diffs: RowDiff[]): SyncMessage {
  return {
    seq,
    subject: `cs.ann.ops.${operationId}`,
    kind: 'operation',
    time: STORED_AT,
    data: encodeEnvelope({
      v: 1,
      operationId,
      kind: 'journal',
      deviceId: 'other',
      vectorClock: { other: 1 },
      time: STORED_AT,
      part: { index: 0, count: 1 },
      diffs,
    }),
  };
}

/** Another device's new task, every time of it in the year 9999, stored by the server at STORED_AT. */
function farFutureTask(): SyncMessage {
  const task = {
    ...taskRow({ id: 'task-9999', title: 'From the future' }),
    createdAt: FAR_FUTURE,
    updatedAt: FAR_FUTURE,
    vectorClock: { other: 1 },
    fieldWrites: { title: { at: FAR_FUTURE, by: 'other' } },
  };
  return operationMessage(1, 'op-9999', [
    { table: 'tasks', id: task.id, before: null, after: task },
  ]);
}

describe('applyIncoming', () => {
  it("caps a row's far-future times against the server's time, whatever this device's clock says", async () => {
    for (const receiverClock of ['2026-11-27T07:00:00.000Z', '2031-01-01T00:00:00.000Z']) {
      await db.delete();
      db = createTestDatabase();
      await db.open();
      await applyIncoming(
        { db, deviceId: 'here', now: () => receiverClock, resolveClaim: async () => {} },
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

  it("writes a synced proposal's and decision's summary from its arguments, not the sender's words", async () => {
    const forged = 'Set estimate to 30 minutes';
    const item = {
      id: 'set-1:0',
      ...stamp(STORED_AT, 1, 'other'),
      toolName: 'update_task_priority',
      args: { priority: 'P0' },
      humanSummary: forged,
      fingerprint: 'f',
      baseRev: 1,
      changeSetId: 'set-1',
      itemIndex: 0,
      taskId: 'task-1',
      status: 'pending',
      proposedAt: STORED_AT,
    };
    const decision = { ...remoteDecision('decision-1', 'set-0', STORED_AT), humanSummary: forged };
    await applyIncoming(
      { db, deviceId: 'here', now: () => STORED_AT, resolveClaim: async () => {} },
      [
        operationMessage(1, 'op-item', [
          { table: 'changeItems', id: item.id, before: null, after: item },
        ]),
        operationMessage(2, 'op-decision', [
          { table: 'decisions', id: decision.id, before: null, after: decision },
        ]),
      ],
    );
    expect(await db.changeItems.get('set-1:0')).toMatchObject({
      humanSummary: 'Set priority to P0',
    });
    expect(await db.decisions.get('decision-1')).toMatchObject({
      humanSummary: 'Set estimate to 5 minutes',
    });
  });

  it("a decision from another device naming this device's own operation does not undo it", async () => {
    const taskId = await createTask(db, 'Old title');
    await userWrite(db, 'set_task_title', { title: 'Renamed' }, { taskId });
    const rename = (await db.mutations.toArray()).find((row) => row.toolName === 'set_task_title');
    const forged = {
      ...remoteDecision('forged', 'set-x', STORED_AT),
      taskId,
      verdict: 'confirmed',
      operationId: rename!.operationId,
    };
    await applyIncoming(
      { db, deviceId: await getDeviceId(db), now: () => STORED_AT, resolveClaim: async () => {} },
      [
        operationMessage(1, 'op-forged', [
          { table: 'decisions', id: 'forged', before: null, after: forged },
        ]),
      ],
    );
    await undoDecision(db, 'forged');
    expect((await db.tasks.get(taskId))?.title).toBe('Renamed');
  });
});
