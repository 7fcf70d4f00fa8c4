// @vitest-environment node
/**
 * One change proposed on two devices (decision 0016), against a real nats-server (the rig
 * in two-device-rig.ts): the tablet is offline and its wake, asked for there, proposes
 * what the laptop's agent proposes too; the twin arrives by sync when the tablet is back.
 * Both devices show, count and decide the change once, whichever of the two came first.
 */
import { describe, expect, it } from 'vitest';
import { buildWakeContext } from '../../src/agent/wake-context';
import { confirmItem } from '../../src/confirmation/confirm-item';
import type { CountersignDatabase } from '../../src/db/database';
import { readInboxWindow } from '../../src/db/queries/review-proposals';
import { countPendingItems } from '../../src/db/tallies';
import { DEFAULT_AGENT_ID } from '../../src/domain/agent';
import { propose } from '../support/proposals';
import { expectCountsEqualRecount } from '../support/inbox-recount';
import { waitFor } from './sync-fixtures';
import { twoDeviceRig } from './two-device-rig';

const rig = twoDeviceRig();
const { readyTask, offline, twoDevices, sent } = rig;

const MINUTE = 60_000;
const minutesAgo = (minutes: number) => () => new Date(Date.now() - minutes * MINUTE);
const HIGH = [{ name: 'update_task_priority', args: { priority: 'P1' } }];

/** Waits until `db` holds `count` proposals of `taskId`. */
const holds = (db: CountersignDatabase, taskId: string, count: number) =>
  waitFor(
    async () =>
      (await db.changeItems.where('taskId').equals(taskId).count()) === count ? true : undefined,
    15_000,
    `${count} proposals of the task`,
  );

/** The rows the Review inbox shows, after checking the badge and the counts agree with them. */
async function inbox(db: CountersignDatabase): Promise<string[]> {
  const rows = await readInboxWindow(db, 0, 50);
  expect((await countPendingItems(db)).items).toBe(rows.length);
  await expectCountsEqualRecount(db);
  return rows.map((row) => row.entry.key);
}

describe('one change proposed on two devices, one of them offline', () => {
  it('waits once on both, in either order, and is decided once', async () => {
    const { laptop, tablet } = await twoDevices('alice');
    const first = await readyTask(laptop);
    const second = await readyTask(laptop);
    await sent(laptop);
    await waitFor(() => tablet.tasks.get(second.taskId), 10_000, 'the tasks on the tablet');

    await offline(tablet);
    // First task: the laptop's agent proposed before the tablet's offline wake.
    // Second task: the tablet's offline wake proposed first.
    const laptopFirst = await propose(laptop, first.taskId, HIGH, { now: minutesAgo(10) });
    const tabletLater = await propose(tablet, first.taskId, HIGH, { now: minutesAgo(5) });
    const tabletFirst = await propose(tablet, second.taskId, HIGH, { now: minutesAgo(10) });
    const laptopLater = await propose(laptop, second.taskId, HIGH, { now: minutesAgo(5) });
    await sent(laptop);
    // The laptop's proposals reach the tablet only once it is back.
    expect(await inbox(tablet)).toHaveLength(2);

    rig.proxy.setMode('pass');
    await sent(tablet);
    for (const db of [laptop, tablet]) {
      await holds(db, first.taskId, 2);
      await holds(db, second.taskId, 2);
    }
    const survivors = [laptopFirst.items[0]!.id, tabletFirst.items[0]!.id].sort();
    for (const db of [laptop, tablet]) {
      expect((await inbox(db)).sort()).toEqual(survivors);
      const heard = await buildWakeContext(db, first.taskId, DEFAULT_AGENT_ID);
      expect(heard!.openProposals.map((proposal) => proposal.summary)).toEqual([
        'Set priority to P1',
      ]);
    }

    // The tablet confirms the first task's change; the laptop hears it, and the twin the
    // tablet proposed can be applied on neither.
    expect((await confirmItem(tablet, laptopFirst.id, 0)).status).toBe('applied');
    await sent(tablet);
    await waitFor(
      async () =>
        (await laptop.changeItems.get(laptopFirst.items[0]!.id))?.status === 'confirmed' ||
        undefined,
      15_000,
      'the decision on the laptop',
    );
    for (const db of [laptop, tablet]) {
      expect(await inbox(db)).toEqual([tabletFirst.items[0]!.id]);
      const twice = await confirmItem(db, tabletLater.id, 0);
      expect(twice.status).toBe('already-decided');
      expect(await db.decisions.where('taskId').equals(first.taskId).count()).toBe(1);
    }
    expect(laptopLater.items[0]!.pendingKey).toBeDefined();
    expect((await laptop.changeItems.get(laptopLater.items[0]!.id))?.pendingKey).toBeUndefined();
  });
});
