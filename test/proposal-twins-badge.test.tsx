/**
 * The app icon's number while one change proposed on two devices meets by sync (decision
 * 0016): the number `useAppBadge` hands the Badging API equals the pending tally and the
 * rows the Review inbox shows, in either arrival order and after deciding.
 */
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmItem } from '../src/confirmation/confirm-item';
import { getDatabase } from '../src/db/connection';
import type { CountersignDatabase } from '../src/db/database';
import { readInboxWindow } from '../src/db/queries/review-proposals';
import { countPendingItems } from '../src/db/tallies';
import { useAppBadge } from '../src/features/notify/use-app-badge';
import { deliver, handSyncedDevice } from './support/hand-sync';
import { propose } from './support/proposals';
import { createAgentReadyTask } from './support/test-database';

const HOUR = 3_600_000;
const HIGH = [{ name: 'update_task_priority', args: { priority: 'P1' } }];
const others: CountersignDatabase[] = [];
let setAppBadge: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  await getDatabase().delete();
  await getDatabase().open();
  setAppBadge = vi.fn(async () => {});
  Object.defineProperty(navigator, 'setAppBadge', { value: setAppBadge, configurable: true });
});
afterEach(async () => {
  cleanup();
  for (const db of others.splice(0)) await db.delete();
});

/** The icon's last number, once it equals the tally and the inbox's rows. */
async function iconShows(count: number) {
  const db = getDatabase();
  await waitFor(() => expect(setAppBadge).toHaveBeenLastCalledWith(count));
  expect((await countPendingItems(db)).items).toBe(count);
  expect(await readInboxWindow(db, 0, 50)).toHaveLength(count);
}

describe('the app icon, when one change was proposed on two devices', () => {
  it.each([
    ['the other device proposed it first', 2, 1],
    ['this device proposed it first', 1, 2],
  ])('counts it once, and none once decided (%s)', async (_, otherAgo, hereAgo) => {
    const here = await handSyncedDevice(getDatabase());
    const agent = await handSyncedDevice();
    others.push(agent.db);
    const { taskId } = await createAgentReadyTask(here.db);
    await deliver(here, agent);
    renderHook(() => useAppBadge());

    await propose(agent.db, taskId, HIGH, { now: () => new Date(Date.now() - otherAgo * HOUR) });
    const mine = await propose(here.db, taskId, HIGH, {
      now: () => new Date(Date.now() - hereAgo * HOUR),
    });
    await iconShows(1);
    await deliver(agent, here);
    await iconShows(1);

    const [waiting] = await readInboxWindow(here.db, 0, 1);
    expect(waiting!.entry.key === mine.items[0]!.id).toBe(hereAgo > otherAgo);
    await confirmItem(here.db, waiting!.entry.changeSetId, waiting!.entry.itemIndex);
    await iconShows(0);
  });
});
