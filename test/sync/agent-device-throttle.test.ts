// @vitest-environment node
/**
 * The agent device's throttle in its wake loop, against a real nats-server: after a wake,
 * edits that keep pausing past the settle time make one more wake of the task, not one
 * each, and not before the task's interval has passed; the wait is logged.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import { allowAgentCategories, createTask, userWrite } from '../support/test-database';
import * as fixtures from './agent-device-fixtures';
import { waitFor } from './sync-fixtures';

const INTERVAL_MS = 4_000;
const context = {} as {
  server: NatsTestServer;
  laptop: Awaited<ReturnType<typeof fixtures.startLaptop>>;
  stateDir: string;
};

beforeAll(async () => {
  context.server = await startNatsServer();
  context.stateDir = mkdtempSync(join(tmpdir(), 'countersign-agent-throttle-'));
  context.laptop = await fixtures.startLaptop(context.server.urls[0]!);
});

afterAll(async () => {
  await context.laptop?.runtime.stop();
  await context.server?.stop();
  rmSync(context.stateDir, { recursive: true, force: true });
});

it('makes one more wake of a flood of edits, after the task’s interval, and logs the wait', async () => {
  const { db, sent } = context.laptop;
  const url = context.server.urls[0]!;
  const category = await userWrite(db, 'save_category', { name: 'Web', color: '#336699' });
  const categoryId = category.data!.categoryId as string;
  await allowAgentCategories(db, [categoryId]);
  const taskId = await createTask(db, 'Fix the Safari logout', { categoryId });
  await sent();
  const { device, events } = await fixtures.startTestDevice(
    fixtures.aliceJournal(url),
    context.stateDir,
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
