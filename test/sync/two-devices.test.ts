// @vitest-environment node
/**
 * Two devices of one person, each with its own IndexedDB (fake-indexeddb) and its own sync
 * runtime, against a real nats-server; the tablet reaches it through the fault proxy, so
 * it can go offline. What one device writes arrives on the other, applied through the
 * write path; a decision made on both sides while apart wins once; concurrent edits
 * converge and the losing value is in the audit trail; a bad message is quarantined.
 */
import { connect } from '@nats-io/transport-node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { confirmItem } from '../../src/confirmation/confirm-item';
import { rejectItem } from '../../src/confirmation/reject-item';
import { undoDecision } from '../../src/confirmation/undo-decision';
import { itemStaleness } from '../../src/confirmation/staleness';
import { createJournalReader } from '../../src/db/journal-store';
import type { CountersignDatabase } from '../../src/db/database';
import { readSyncCounts } from '../../src/db/sync-settings';
import { startSyncRuntime, type SyncRuntime } from '../../src/sync/runtime/sync-runtime';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import { propose } from '../support/proposals';
import {
  allowAgentCategories,
  createTask,
  createTestDatabase,
  userWrite,
} from '../support/test-database';
import { streamObserver, TEST_POLICY, waitFor } from './sync-fixtures';
import { graceWait } from '../support/grace';

/** The laptop's title is written after the tablet's on the clock, so the later one is known. */
const LATER_ON_THE_CLOCK_MS = 20;

let server: NatsTestServer;
let proxy: FaultProxy;
const running: SyncRuntime[] = [];

beforeAll(async () => {
  server = await startNatsServer();
  proxy = await startFaultProxy(server.nodes[0]!.clientPort);
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((runtime) => runtime.stop()));
  proxy.setMode('pass');
});

afterAll(async () => {
  await proxy?.close();
  await server?.stop();
});

async function start(db: CountersignDatabase, url: string, user: 'alice' | 'bob') {
  const runtime = startSyncRuntime(
    db,
    { url, user, secret: { kind: 'password', password: user }, enabled: true },
    {
      connect,
      policy: TEST_POLICY,
      transport: { requestTimeoutMs: 1_000, reconnectWaitMs: 100 },
      feed: { idleHeartbeatMs: 500 },
    },
  );
  running.push(runtime);
  await waitFor(async () => (await db.syncState.get('status'))?.value, 10_000, 'a status');
  await waitFor(
    async () =>
      ((await db.syncState.get('status'))?.value as { phase: string }).phase === 'connected' ||
      undefined,
    10_000,
    'connected',
  );
  return runtime;
}

/**
 * A task in a category the agent may act on, with two checklist items. Names are fresh:
 * tests share the two example journals (alice, bob), and a device starting on one
 * receives everything earlier tests wrote there.
 */
async function readyTask(db: CountersignDatabase) {
  const category = await userWrite(db, 'save_category', {
    name: `Work ${crypto.randomUUID().slice(0, 8)}`,
    color: '#336699',
  });
  const categoryId = category.data!.categoryId as string;
  const taskId = await createTask(db, 'Prepare the demo', { categoryId });
  await userWrite(
    db,
    'add_multiple_checklist_items',
    { items: [{ title: 'Write script' }, { title: 'Book room' }] },
    { taskId },
  );
  const allowed = (await db.agents.toArray()).flatMap((agent) => agent.allowedCategoryIds);
  await allowAgentCategories(db, [...allowed, categoryId]);
  return { taskId, categoryId };
}

/** Cuts the tablet off (the proxy drops its connection) and waits until it knows. */
async function offline(tablet: CountersignDatabase) {
  proxy.setMode('drop');
  await waitFor(
    async () =>
      ((await tablet.syncState.get('status'))?.value as { phase: string }).phase !== 'connected' ||
      undefined,
    10_000,
    'the tablet offline',
  );
}

/**
 * A laptop on the server and a tablet behind the fault proxy, both syncing `user`'s
 * journal. Tests share the two example journals: every id a test writes is new.
 */
async function twoDevices(user: 'alice' | 'bob') {
  const laptop = createTestDatabase();
  const tablet = createTestDatabase();
  await start(laptop, server.urls[0]!, user);
  await start(tablet, proxy.url, user);
  return { laptop, tablet };
}

/** Waits until every push of `db` landed (its outbox is empty). */
const sent = (db: CountersignDatabase) =>
  waitFor(async () => ((await db.outbox.count()) === 0 ? true : undefined), 10_000, 'sent');

describe('two devices of one person', () => {
  it('applies what one device writes on the other, and converges on concurrent edits', async () => {
    const { laptop, tablet } = await twoDevices('alice');

    const { taskId } = await readyTask(laptop);
    await sent(laptop);
    const arrived = await waitFor(() => tablet.tasks.get(taskId), 10_000, 'the task');
    await waitFor(async () =>
      (await tablet.checklistItems.where('taskId').equals(taskId).count()) === 2 ? true : undefined,
    );
    expect(arrived).toEqual(await laptop.tasks.get(taskId));
    // Applied through the write path: in the audit trail with source sync, never pushed back.
    const synced = await tablet.auditMessages.where('taskId').equals(taskId).toArray();
    expect(synced.some((message) => message.source === 'sync')).toBe(true);
    expect(await tablet.outbox.count()).toBe(0);

    // Both edit the title while the tablet is offline.
    await offline(tablet);
    await userWrite(tablet, 'set_task_title', { title: 'Tablet title' }, { taskId });
    await graceWait(LATER_ON_THE_CLOCK_MS);
    await userWrite(laptop, 'set_task_title', { title: 'Laptop title' }, { taskId });
    await userWrite(laptop, 'update_task_estimate', { minutes: 45 }, { taskId });
    await sent(laptop);
    proxy.setMode('pass');
    await sent(tablet);
    const converged = async () => {
      const [left, right] = [await laptop.tasks.get(taskId), await tablet.tasks.get(taskId)];
      return left && right && JSON.stringify(left) === JSON.stringify(right) ? left : undefined;
    };
    const task = await waitFor(converged, 15_000, 'both devices on one row');
    expect(task.title).toBe('Laptop title');
    expect(task.estimateMinutes).toBe(45);
    // The losing value is in the tablet's audit trail (its own), and in the laptop's.
    const losses = async (db: CountersignDatabase) =>
      (await db.auditMessages.where('kind').equals('observation').toArray()).filter((message) =>
        message.summary.includes('Tablet title'),
      );
    expect(await losses(tablet)).toHaveLength(1);
    await waitFor(async () => ((await losses(laptop)).length === 1 ? true : undefined));
  });

  it('shows a proposal on the other device, and a remote edit makes it stale', async () => {
    const { laptop, tablet } = await twoDevices('bob');
    const { taskId } = await readyTask(laptop);
    const set = await propose(laptop, taskId, [
      { name: 'update_task_estimate', args: { minutes: 60 } },
      { name: 'set_task_title', args: { title: 'Demo, rehearsed' } },
    ]);
    await sent(laptop);
    const items = await waitFor(async () => {
      const rows = await tablet.changeItems.where('changeSetId').equals(set.id).toArray();
      return rows.length === 2 ? rows : undefined;
    });
    expect(items.every((item) => item.pendingKey !== undefined)).toBe(true);
    expect(await tablet.tallies.get('pendingItems')).toEqual({ key: 'pendingItems', value: 2 });
    expect((await tablet.changeSets.get(set.id))?.counts).toEqual(
      (await laptop.changeSets.get(set.id))?.counts,
    );

    // The tablet confirms the estimate; the laptop gets the value and the decision.
    const confirmed = await confirmItem(tablet, set.id, 0);
    expect(confirmed.status).toBe('applied');
    await sent(tablet);
    await waitFor(async () =>
      (await laptop.tasks.get(taskId))?.estimateMinutes === 60 ? true : undefined,
    );
    const decisions = await laptop.decisions.where('changeSetId').equals(set.id).toArray();
    expect(decisions).toEqual([expect.objectContaining({ verdict: 'confirmed', itemIndex: 0 })]);
    expect((await laptop.changeItems.get(`${set.id}:0`))?.status).toBe('confirmed');

    // The tablet renames the task: the laptop's pending title proposal is now stale.
    await userWrite(tablet, 'set_task_title', { title: 'Renamed on the tablet' }, { taskId });
    await sent(tablet);
    await waitFor(async () =>
      (await laptop.tasks.get(taskId))?.title === 'Renamed on the tablet' ? true : undefined,
    );
    const titleItem = (await laptop.changeItems.get(`${set.id}:1`))!;
    const staleness = await itemStaleness(createJournalReader(laptop), taskId, titleItem);
    expect(staleness.stale).toBe(true);
  });
});

describe('decide once across devices', () => {
  it('lets exactly one decision win when both decide while apart, and tells the loser', async () => {
    const { laptop, tablet } = await twoDevices('alice');
    const { taskId } = await readyTask(laptop);
    const set = await propose(laptop, taskId, [
      { name: 'update_task_estimate', args: { minutes: 90 } },
    ]);
    await sent(laptop);
    await waitFor(() => tablet.changeItems.get(`${set.id}:0`));

    await offline(tablet);
    // Edited before confirming: the notice names the 45 applied, not only the 90 proposed.
    expect((await confirmItem(tablet, set.id, 0, { edited: { minutes: 45 } })).status).toBe(
      'applied',
    );
    expect((await tablet.tasks.get(taskId))?.estimateMinutes).toBe(45);
    expect((await rejectItem(laptop, set.id, 0, { reason: 'Too long' })).status).toBe('rejected');
    await sent(laptop);
    proxy.setMode('pass');

    await waitFor(async () => ((await tablet.syncNotices.count()) === 1 ? true : undefined));
    const [notice] = await tablet.syncNotices.toArray();
    expect(notice).toMatchObject({
      verdict: 'rejected',
      localVerdict: 'confirmed',
      summary: 'Set estimate to 90 minutes',
      appliedSummary: 'Set estimate to 45 minutes',
      reverted: true,
    });
    const said = await tablet.auditMessages.toArray();
    expect(said.map((message) => message.summary)).toContain(
      'Decided on the other device: rejected. Your confirmation of "Set estimate to 90 minutes", edited to "Set estimate to 45 minutes", was taken back on this device.',
    );
    for (const db of [laptop, tablet]) {
      await waitFor(async () =>
        (await db.changeItems.get(`${set.id}:0`))?.status === 'rejected' ? true : undefined,
      );
      const decisions = await db.decisions.where('changeSetId').equals(set.id).toArray();
      expect(decisions.map((decision) => decision.verdict)).toEqual(['rejected']);
      expect((await db.tasks.get(taskId))?.estimateMinutes).toBeUndefined();
    }
    expect(await readSyncCounts(tablet)).toMatchObject({ waiting: 0, needDecision: 0 });
    const observer = await streamObserver(server.urls, 'alice');
    const claims = await observer.countBySubject(`decisions.${set.id}.>`);
    expect(Object.values(claims)).toEqual([1]);
    await observer.close();
  });
});

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

describe('the feed', () => {
  it('quarantines a message that does not parse and goes on', async () => {
    const { laptop, tablet } = await twoDevices('bob');
    const raw = await connect({ servers: server.urls, user: 'bob', pass: 'bob' });
    await raw.request('cs.bob.ops.not-an-envelope', new TextEncoder().encode('{"v":1}'));
    await raw.close();
    const taskId = (await userWrite(laptop, 'create_task', { title: 'After the bad one' })).data!
      .taskId as string;
    await waitFor(() => tablet.tasks.get(taskId));
    const quarantined = await tablet.syncQuarantine.toArray();
    expect(quarantined.map((row) => row.subject)).toContain('cs.bob.ops.not-an-envelope');
    expect(await tablet.tasks.get(taskId)).toMatchObject({ title: 'After the bad one' });
  });
});

describe('what sync tells the person', () => {
  it('says in words when the password is wrong', async () => {
    const db = createTestDatabase();
    running.push(
      startSyncRuntime(
        db,
        {
          url: server.urls[0]!,
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
    await start(laptop, server.urls[0]!, 'bob');
    const db = createTestDatabase();
    const runtime = startSyncRuntime(
      db,
      { url: proxy.url, user: 'bob', secret: { kind: 'password', password: 'bob' }, enabled: true },
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
    proxy.setMode('hold');
    const taskId = (await userWrite(db, 'create_task', { title: 'Sent into the fog' })).data!
      .taskId as string;
    const [record] = await waitFor(async () => {
      const rows = await db.syncPushes.where('state').equals('indeterminate').toArray();
      return rows.length > 0 ? rows : undefined;
    }, 20_000);
    expect(await readSyncCounts(db)).toMatchObject({ needDecision: 1 });
    proxy.setMode('pass');
    await runtime.resolve(record!.operationId, 'did-not-happen');
    await waitFor(() => laptop.tasks.get(taskId), 15_000, 'the task on the other device');
    const audit = await db.auditMessages.where('operationId').equals(record!.operationId).toArray();
    expect(audit.map((message) => message.summary)).toContainEqual(
      expect.stringContaining('you chose: it did not happen'),
    );
    const observer = await streamObserver(server.urls, 'bob');
    expect(await observer.countBySubject(`ops.${record!.operationId}`)).toEqual({
      [`cs.bob.ops.${record!.operationId}`]: 1,
    });
    await observer.close();
    expect(await db.outbox.count()).toBe(0);
  });
});
