// @vitest-environment node
/**
 * The agent device's list of what it pushed (decision 0014) no longer grows with every
 * proposal: against a real nats-server, once a snapshot has passed its pushes and it
 * starts from that snapshot, the list is empty again; it keeps its id (no pushed operation
 * of its own is taken for another device's), and a later push is listed, bounded by the
 * stream's head.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { tempStateDirs } from '../../src/agent-device/temp-state-dirs';
import { laptopOnNatsServer } from '../support/laptop-on-nats-server';
import { createTask, userWrite } from '../support/test-database';
import { aliceJournal, caughtUp, startTestDevice } from './agent-device-fixtures';
import { snapshotWhenCaughtUp } from './compaction-stage';
import { streamObserver, waitFor } from './sync-fixtures';

const rig = laptopOnNatsServer();
const newStateDir = tempStateDirs('countersign-agent-pushed-');

it('forgets its pushes below the snapshot it starts from, and keeps its id', async () => {
  const laptop = rig.laptop();
  const stateDir = newStateDir();
  const storedState = () =>
    JSON.parse(readFileSync(join(stateDir, 'state.json'), 'utf8')) as {
      deviceId: string;
      pushed: (string | { id: string; bound: number })[];
    };
  const categoryId = await rig.allowedCategory();
  const taskId = await createTask(laptop, 'Fix the Safari logout', { categoryId });
  const observer = await streamObserver(rig.server().urls, 'alice');
  const lastSeq = async () => (await observer.jsm.streams.info('CS_ALICE')).state.last_seq;

  const first = await startTestDevice(aliceJournal(rig.url()), stateDir);
  const wakeEnded = (events: { event: string }[]) =>
    waitFor(() => events.find((each) => each.event === 'wake-ended'), 20_000, 'the wake');
  await userWrite(laptop, 'add_journal_entry', { text: 'Safari drops the cookie.' }, { taskId });
  await wakeEnded(first.events);
  await caughtUp(rig.url(), first.device);
  const { deviceId, pushed } = storedState();
  expect(pushed.length).toBeGreaterThan(0);
  const head = await lastSeq();
  // Each bound is the stream's end read once its push landed: at most today's head (the
  // wake's outcome note may land after it), and past nothing that came before the push.
  for (const entry of pushed) {
    expect(entry).toEqual({ id: expect.any(String), bound: expect.any(Number) });
    expect((entry as { bound: number }).bound).toBeLessThanOrEqual(head);
    expect((entry as { bound: number }).bound).toBeGreaterThan(0);
  }
  await first.device.stop();

  // Another device writes a snapshot past every push; the agent device starts from it.
  const written = await snapshotWhenCaughtUp(laptop, rig.runtime(), lastSeq);
  expect(written.sequence).toBeGreaterThanOrEqual(head);
  const second = await startTestDevice(aliceJournal(rig.url()), stateDir);
  expect(second.device.deviceId).toBe(deviceId);
  await caughtUp(rig.url(), second.device);
  await waitFor(() => storedState().pushed.length === 0 || undefined, 10_000, 'the list pruned');

  await userWrite(laptop, 'add_journal_entry', { text: 'Also on iPad.' }, { taskId });
  await wakeEnded(second.events);
  await caughtUp(rig.url(), second.device);
  const later = storedState();
  expect(later.deviceId).toBe(deviceId);
  expect(later.pushed.length).toBeGreaterThan(0);
  for (const entry of later.pushed) expect(entry).toMatchObject({ bound: expect.any(Number) });
  expect(second.events.filter((each) => each.event === 'device-id-changed')).toEqual([]);
  await second.device.stop();
  await observer.close();
}, 90_000);
