// @vitest-environment node
/**
 * Two devices of one person, each with its own IndexedDB (fake-indexeddb) and its own sync
 * runtime, against a real nats-server (the rig in two-device-rig.ts); the tablet reaches it
 * through the fault proxy, so it can go offline. What one device writes arrives on the
 * other, applied through the write path; a decision made on both sides while apart wins once; concurrent edits
 * converge and the losing value is in the audit trail; a bad message is quarantined.
 */
import { connect } from '@nats-io/transport-node';
import { describe, expect, it } from 'vitest';
import { confirmItem } from '../../src/confirmation/confirm-item';
import { rejectItem } from '../../src/confirmation/reject-item';
import { itemStaleness } from '../../src/confirmation/staleness';
import { createJournalReader } from '../../src/db/journal-store';
import type { CountersignDatabase } from '../../src/db/database';
import { readSyncCounts } from '../../src/db/sync-settings';
import { propose } from '../support/proposals';
import { userWrite } from '../support/test-database';
import { streamObserver, waitFor } from './sync-fixtures';
import { graceWait } from '../support/grace';
import { twoDeviceRig } from './two-device-rig';

/** The laptop's title is written after the tablet's on the clock, so the later one is known. */
const LATER_ON_THE_CLOCK_MS = 20;

const rig = twoDeviceRig();
const { readyTask, offline, twoDevices, sent } = rig;

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
    rig.proxy.setMode('pass');
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
    rig.proxy.setMode('pass');

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
    const observer = await streamObserver(rig.server.urls, 'alice');
    const claims = await observer.countBySubject(`decisions.${set.id}.>`);
    expect(Object.values(claims)).toEqual([1]);
    await observer.close();
  });
});

describe('the feed', () => {
  it('quarantines a message that does not parse and goes on', async () => {
    const { laptop, tablet } = await twoDevices('bob');
    const raw = await connect({ servers: rig.server.urls, user: 'bob', pass: 'bob' });
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
