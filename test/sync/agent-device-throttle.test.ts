// @vitest-environment node
/**
 * The agent device's throttle in its wake loop, against a real nats-server: after a wake,
 * edits that keep pausing past the settle time make one more wake of the task, not one
 * each, and not before the task's interval has passed; the wait is logged.
 */
import { expect, it } from 'vitest';
import { tempStateDirs } from '../../src/agent-device/temp-state-dirs';
import { laptopOnNatsServer } from '../support/laptop-on-nats-server';
import { createTask, userWrite } from '../support/test-database';
import * as fixtures from './agent-device-fixtures';
import { waitFor } from './sync-fixtures';

const INTERVAL_MS = 4_000;
const rig = laptopOnNatsServer();
const newStateDir = tempStateDirs('countersign-agent-throttle-');

it('makes one more wake of a flood of edits, after the task’s interval, and logs the wait', async () => {
  const { sent } = rig;
  const db = rig.laptop();
  const url = rig.url();
  const categoryId = await rig.allowedCategory();
  const taskId = await createTask(db, 'Fix the Safari logout', { categoryId });
  await sent();
  const { device, events } = await fixtures.startTestDevice(
    fixtures.aliceJournal(url),
    newStateDir(),
    { throttle: { taskEveryMs: INTERVAL_MS, perMinute: 600 } },
  );
  const ended = () => events.filter((each) => each.event === 'wake-ended');

  await userWrite(db, 'add_journal_entry', { text: 'Safari drops the cookie.' }, { taskId });
  await waitFor(() => ended().length === 1 || undefined, 20_000, 'the first wake');
  // A person adding to it in bursts, each pause longer than the device's settle time.
  for (const text of ['Also on iPad.', 'Only with a VPN.', 'Fixed by a reload.']) {
    await userWrite(db, 'add_journal_entry', { text }, { taskId });
    await sent();
    await new Promise((resolve) => setTimeout(resolve, 600));
  }
  await waitFor(() => ended().length === 2 || undefined, 20_000, 'the second wake');
  await fixtures.caughtUp(url, device);

  const wakes = fixtures.wakesIn(events);
  expect(wakes.map((each) => each.taskId)).toEqual([taskId, taskId]);
  const apart = Date.parse(String(wakes[1]!.at)) - Date.parse(String(wakes[0]!.at));
  // The interval runs from when a wake leaves the line, before its claim's round trips to
  // the server; its wake-started line follows the claim. A second of them is allowed for.
  expect(apart).toBeGreaterThanOrEqual(INTERVAL_MS - 1_000);
  const queued = events.filter((each) => each.event === 'wake-queued');
  expect(queued.length).toBeGreaterThan(0);
  expect(queued[0]).toMatchObject({ taskId, reason: 'task' });
  expect(String(queued[0]!.message)).toMatch(/^This task woke less than 4 s ago/);
  await device.stop();
}, 60_000);
