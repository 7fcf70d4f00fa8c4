// @vitest-environment node
/**
 * The agent device's list of what it pushed (decision 0014) no longer grows with every
 * proposal: against a real nats-server, once a snapshot has passed its pushes and it
 * starts from that snapshot, the list is empty again; it keeps its id (no pushed operation
 * of its own is taken for another device's), and a later push is listed, bounded by the
 * stream's head.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SyncRuntime } from '../../src/sync/runtime/sync-runtime';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import {
  allowAgentCategories,
  createTask,
  createTestDatabase,
  userWrite,
} from '../support/test-database';
import { aliceJournal, caughtUp, startTestDevice } from './agent-device-fixtures';
import { snapshotWhenCaughtUp } from './compaction-stage';
import { startAliceRuntime, streamObserver, untilConnected, waitFor } from './sync-fixtures';

let server: NatsTestServer;
let laptopRuntime: SyncRuntime | undefined;
let stateDir: string;

beforeAll(async () => {
  server = await startNatsServer();
  stateDir = mkdtempSync(join(tmpdir(), 'countersign-agent-pushed-'));
});

afterAll(async () => {
  await laptopRuntime?.stop();
  await server?.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

const storedState = () =>
  JSON.parse(readFileSync(join(stateDir, 'state.json'), 'utf8')) as {
    deviceId: string;
    pushed: (string | { id: string; bound: number })[];
  };

it('forgets its pushes below the snapshot it starts from, and keeps its id', async () => {
  const laptop = createTestDatabase();
  laptopRuntime = startAliceRuntime(laptop, server.urls[0]!, {});
  await untilConnected(laptop);
  const category = await userWrite(laptop, 'save_category', { name: 'Web', color: '#336699' });
  const categoryId = category.data!.categoryId as string;
  const taskId = await createTask(laptop, 'Fix the Safari logout', { categoryId });
  await allowAgentCategories(laptop, [categoryId]);
  const observer = await streamObserver(server.urls, 'alice');
  const lastSeq = async () => (await observer.jsm.streams.info('CS_ALICE')).state.last_seq;

  const first = await startTestDevice(aliceJournal(server.urls[0]!), stateDir);
  const wakeEnded = (events: { event: string }[]) =>
    waitFor(() => events.find((each) => each.event === 'wake-ended'), 20_000, 'the wake');
  await userWrite(laptop, 'add_journal_entry', { text: 'Safari drops the cookie.' }, { taskId });
  await wakeEnded(first.events);
  await caughtUp(server.urls[0]!, first.device);
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
  const written = await snapshotWhenCaughtUp(laptop, laptopRuntime, lastSeq);
  expect(written.sequence).toBeGreaterThanOrEqual(head);
  const second = await startTestDevice(aliceJournal(server.urls[0]!), stateDir);
  expect(second.device.deviceId).toBe(deviceId);
  await caughtUp(server.urls[0]!, second.device);
  await waitFor(() => storedState().pushed.length === 0 || undefined, 10_000, 'the list pruned');

  await userWrite(laptop, 'add_journal_entry', { text: 'Also on iPad.' }, { taskId });
  await wakeEnded(second.events);
  await caughtUp(server.urls[0]!, second.device);
  const later = storedState();
  expect(later.deviceId).toBe(deviceId);
  expect(later.pushed.length).toBeGreaterThan(0);
  for (const entry of later.pushed) expect(entry).toMatchObject({ bound: expect.any(Number) });
  expect(second.events.filter((each) => each.event === 'device-id-changed')).toEqual([]);
  await second.device.stop();
  await observer.close();
}, 90_000);
