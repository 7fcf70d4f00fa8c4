// @vitest-environment node
/**
 * Two devices of one person against a real nats-server (the rig in two-device-rig.ts):
 * Undo on one device of a confirmation made on the other, and what sync tells the person
 * in words: a wrong password, and a push it cannot settle.
 */
import { connect } from '@nats-io/transport-node';
import { describe, expect, it } from 'vitest';
import { confirmItem } from '../../src/confirmation/confirm-item';
import { undoDecision } from '../../src/confirmation/undo-decision';
import type { CountersignDatabase } from '../../src/db/database';
import { readSyncCounts } from '../../src/db/sync-settings';
import { startSyncRuntime } from '../../src/sync/runtime/sync-runtime';
import { propose } from '../support/proposals';
import { createTestDatabase, userWrite } from '../support/test-database';
import { streamObserver, TEST_POLICY, waitFor } from './sync-fixtures';

import { twoDeviceRig } from './two-device-rig';

const rig = twoDeviceRig();
const { running, start, readyTask, twoDevices, sent } = rig;

describe('undo on the other device', () => {
  it('puts back on both devices what a confirmation made on the other changed, and both wait again', async () => {
    const { laptop, tablet } = await twoDevices('bob');
    const { taskId } = await readyTask(laptop);
    const set = await propose(laptop, taskId, [
      { name: 'update_task_estimate', args: { minutes: 90 } },
      { name: 'add_multiple_checklist_items', args: { items: [{ title: 'Rehearse' }] } },
    ]);
    await sent(laptop);
    await waitFor(() => tablet.changeItems.get(`${set.id}:1`));
    expect((await confirmItem(laptop, set.id, 0)).status).toBe('applied');
    expect((await confirmItem(laptop, set.id, 1)).status).toBe('applied');
    await sent(laptop);
    const decided = await waitFor(async () => {
      const rows = await tablet.decisions.where('changeSetId').equals(set.id).toArray();
      return rows.length === 2 && (await tablet.tasks.get(taskId))?.estimateMinutes === 90
        ? rows
        : undefined;
    });
    const checklist = (db: CountersignDatabase) =>
      db.checklistItems.where('taskId').equals(taskId).toArray();
    await waitFor(async () => ((await checklist(tablet)).length === 3 ? true : undefined));

    // The tablet undoes both (newest first): the estimate and the added item go, here and there.
    for (const decision of [...decided].sort((a, b) => b.itemIndex - a.itemIndex)) {
      expect(await undoDecision(tablet, decision.id)).toMatchObject({ status: 'undone' });
    }
    expect((await tablet.tasks.get(taskId))?.estimateMinutes).toBeUndefined();
    const live = async (db: CountersignDatabase) =>
      (await checklist(db))
        .filter((item) => item.deletedAt === undefined)
        .map((item) => item.title)
        .sort();
    expect(await live(tablet)).toEqual(['Book room', 'Write script']);
    await sent(tablet);
    await waitFor(async () =>
      (await laptop.tasks.get(taskId))?.estimateMinutes === undefined &&
      (await live(laptop)).length === 2
        ? true
        : undefined,
    );
    // Both proposals wait again, on both devices: the undo gave them back.
    await waitFor(async () =>
      (await laptop.changeItems.get(`${set.id}:0`))?.status === 'pending' ? true : undefined,
    );
    for (const db of [laptop, tablet]) {
      for (const index of [0, 1])
        expect((await db.changeItems.get(`${set.id}:${index}`))?.status).toBe('pending');
      const undone = await db.decisions.where('changeSetId').equals(set.id).toArray();
      expect(undone.every((decision) => decision.undoneAt !== undefined)).toBe(true);
    }

    // Decided again, once: the laptop confirms the estimate anew (the item's next round).
    const again = await confirmItem(laptop, set.id, 0);
    expect(again).toMatchObject({ status: 'applied' });
    await sent(laptop);
    await waitFor(async () =>
      (await tablet.tasks.get(taskId))?.estimateMinutes === 90 &&
      (await tablet.changeItems.get(`${set.id}:0`))?.status === 'confirmed'
        ? true
        : undefined,
    );
    expect((await laptop.decisions.get(again.decisionId!))?.undoneAt).toBeUndefined();
    expect((await laptop.tasks.get(taskId))?.estimateMinutes).toBe(90);
  });

  it('refuses, and changes nothing, for a decision applied here before that was kept', async () => {
    const { laptop, tablet } = await twoDevices('alice');
    const { taskId } = await readyTask(laptop);
    const set = await propose(laptop, taskId, [
      { name: 'update_task_estimate', args: { minutes: 75 } },
    ]);
    expect((await confirmItem(laptop, set.id, 0)).status).toBe('applied');
    await sent(laptop);
    const decision = await waitFor(async () =>
      (await tablet.tasks.get(taskId))?.estimateMinutes === 75
        ? (await tablet.decisions.where('changeSetId').equals(set.id).toArray())[0]
        : undefined,
    );
    // As a device synced by an older version stored it: which operation, not what it changed.
    const applied = (await tablet.syncApplied.get(decision.operationId!))!;
    const { journalRows: _rows, localOperationId: _local, ...older } = applied;
    await tablet.syncApplied.put(older);

    const result = await undoDecision(tablet, decision.id);
    expect(result).toEqual({
      status: 'cannot-undo',
      message:
        'Cannot undo "Set estimate to 75 minutes" on this device: it was decided on another device, before this one kept what it changed. Undo it on the device that decided it.',
    });
    expect((await tablet.decisions.get(decision.id))?.undoneAt).toBeUndefined();
    expect((await tablet.tasks.get(taskId))?.estimateMinutes).toBe(75);
    expect(await tablet.outbox.count()).toBe(0);
  });
});

describe('what sync tells the person', () => {
  it('says in words when the password is wrong', async () => {
    const db = createTestDatabase();
    running.push(
      startSyncRuntime(
        db,
        {
          url: rig.server.urls[0]!,
          user: 'alice',
          secret: { kind: 'password', password: 'not-her-password' },
          enabled: true,
        },
        { connect },
      ),
    );
    const status = await waitFor(async () => {
      const value = (await db.syncState.get('status'))?.value as
        { phase: string; errorKind?: string; message: string } | undefined;
      return value?.phase === 'error' ? value : undefined;
    });
    expect(status.errorKind).toBe('auth-failed');
    expect(status.message).toMatch(/refused the user name, password or token/);
  });

  it('asks the person about a push it cannot settle, and "it did not happen" lands it once', async () => {
    // A device on the server to receive, and this one behind the proxy.
    const laptop = createTestDatabase();
    await start(laptop, rig.server.urls[0]!, 'bob');
    const db = createTestDatabase();
    const runtime = startSyncRuntime(
      db,
      {
        url: rig.proxy.url,
        user: 'bob',
        secret: { kind: 'password', password: 'bob' },
        enabled: true,
      },
      {
        connect,
        policy: { ...TEST_POLICY, maxAttempts: 2 },
        transport: { requestTimeoutMs: 500, reconnectWaitMs: 100 },
      },
    );
    running.push(runtime);
    await waitFor(
      async () =>
        ((await db.syncState.get('status'))?.value as { phase: string } | undefined)?.phase ===
          'connected' || undefined,
    );
    // Replies are held: the push times out after sending, and "did it land?" gets no answer.
    rig.proxy.setMode('hold');
    const taskId = (await userWrite(db, 'create_task', { title: 'Sent into the fog' })).data!
      .taskId as string;
    const [record] = await waitFor(async () => {
      const rows = await db.syncPushes.where('state').equals('indeterminate').toArray();
      return rows.length > 0 ? rows : undefined;
    }, 20_000);
    expect(await readSyncCounts(db)).toMatchObject({ needDecision: 1 });
    rig.proxy.setMode('pass');
    await runtime.resolve(record!.operationId, 'did-not-happen');
    await waitFor(() => laptop.tasks.get(taskId), 15_000, 'the task on the other device');
    const audit = await db.auditMessages.where('operationId').equals(record!.operationId).toArray();
    expect(audit.map((message) => message.summary)).toContainEqual(
      expect.stringContaining('you chose: it did not happen'),
    );
    const observer = await streamObserver(rig.server.urls, 'bob');
    expect(await observer.countBySubject(`ops.${record!.operationId}`)).toEqual({
      [`cs.bob.ops.${record!.operationId}`]: 1,
    });
    await observer.close();
    expect(await db.outbox.count()).toBe(0);
  });
});
