// @vitest-environment node
/**
 * One wake per trigger across tabs and agent devices, against a real nats-server (issue
 * 28): two agent devices and a laptop's tab on one journal, one synced edit from a tablet,
 * make exactly one wake. While the agent device works, the laptop's tab does not start (it
 * says who is working) and hears the wake's progress live; once it ended, the same edit is
 * still not woken on again, and a wake the person asks for is claimed and runs. A tab that
 * is not connected does not wake automatically, and a wake the person asks for runs unclaimed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { WakeOutcome } from '../../src/agent/run-wake';
import type { CountersignDatabase } from '../../src/db/database';
import { wakeClaimedHere } from '../../src/features/agent/wake-claimed-here';
import { claimsConnection, type ClaimsConnection } from '../../src/sync/claims/claims-connection';
import type { LiveProgress } from '../../src/sync/claims/wake-progress-live';
import { NO_KEYS } from '../../src/sync/seal/key-ring';
import { startSyncRuntime, type SyncRuntime } from '../../src/sync/runtime/sync-runtime';
import { getDeviceId } from '../../src/db/settings';
import { readCursor } from '../../src/sync/incoming/apply-incoming';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import {
  allowAgentCategories,
  createTask,
  createTestDatabase,
  userWrite,
} from '../support/test-database';
import {
  aliceJournal,
  caughtUp,
  scriptedModel,
  startTestDevice,
  SYNC_OPTIONS,
  wakesIn,
} from './agent-device-fixtures';
import { untilConnected, userTransport, waitFor } from './sync-fixtures';

let server: NatsTestServer;
const runtimes: SyncRuntime[] = [];
const connections: ClaimsConnection[] = [];
const dirs: string[] = [];
const url = () => server.urls[0]!;

beforeAll(async () => {
  server = await startNatsServer();
});

afterAll(async () => {
  for (const connection of connections) await connection.close();
  for (const runtime of runtimes) await runtime.stop();
  await server?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function syncedDevice(): Promise<CountersignDatabase> {
  const db = createTestDatabase();
  runtimes.push(startSyncRuntime(db, aliceJournal(url()).sync!, SYNC_OPTIONS));
  await untilConnected(db);
  return db;
}

/** The tab's claims connection, over Node's NATS client instead of the browser's WebSocket. */
async function tabConnection(db: CountersignDatabase): Promise<ClaimsConnection> {
  const deviceId = await getDeviceId(db);
  const connection = claimsConnection({
    open: () => userTransport(url(), 'alice'),
    user: 'alice',
    deviceId: () => deviceId,
    ring: async () => NO_KEYS,
  });
  connections.push(connection);
  return connection;
}

/** What a tab hears of other devices' wakes, and the words of what it refused. */
function listenOn(tab: ClaimsConnection) {
  const heard: LiveProgress[] = [];
  const refused: string[] = [];
  tab.progress.listen(
    (progress) => heard.push(progress),
    (words) => refused.push(words),
  );
  return { heard, refused };
}

const stateDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'countersign-tab-claims-'));
  dirs.push(dir);
  return dir;
};

it('makes one wake of one synced edit on two agent devices and a laptop’s tab, and shows who works', async () => {
  const tablet = await syncedDevice();
  const laptop = await syncedDevice();
  const category = await userWrite(tablet, 'save_category', { name: 'Web', color: '#336699' });
  await allowAgentCategories(tablet, [category.data!.categoryId as string]);
  const taskId = await createTask(tablet, 'Fix the Safari logout', {
    categoryId: category.data!.categoryId,
  });
  await waitFor(async () => (await laptop.tasks.get(taskId)) ?? undefined, 20_000, 'the task');

  // The agent devices' model waits until the test lets it answer: a wake is mid-way meanwhile.
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const gated: typeof fetch = async (input, init) => {
    await answered;
    return scriptedModel(input, init);
  };
  const first = await startTestDevice(aliceJournal(url()), stateDir(), { fetch: gated });
  const second = await startTestDevice(aliceJournal(url()), stateDir(), { fetch: gated });
  const agents = () => [...first.events, ...second.events];

  const tab = await tabConnection(laptop);
  const { heard, refused } = listenOn(tab);

  await userWrite(tablet, 'add_journal_entry', { text: 'Safari drops the cookie.' }, { taskId });
  await waitFor(() => wakesIn(agents()).length === 1 || undefined, 20_000, 'an agent device woke');
  const holder = wakesIn(first.events).length === 1 ? first : second;
  const entryHere = async () =>
    (await laptop.entries.where('taskId').equals(taskId).count()) === 1 || undefined;
  await waitFor(entryHere, 20_000, 'the edit on the laptop');

  // The laptop's tab, woken automatically by the same edit, does not start: it says who works.
  const tabWakes: string[] = [];
  const wakeHere = async (): Promise<WakeOutcome> => {
    tabWakes.push(taskId);
    return { status: 'done', proposed: 0, turns: 1 };
  };
  const wake = (reason: 'automatic' | 'manual') =>
    wakeClaimedHere(laptop, aliceJournal(url()).sync, taskId, reason, wakeHere, async () => tab);
  const automatic = await wake('automatic');
  expect(automatic).toMatchObject({ kind: 'held' });
  expect(automatic.kind === 'held' && automatic.words).toMatch(
    /^The agent on (Computer [0-9a-f-]{4}|another device) is working on this\.$/,
  );
  // Every other device hears, live, which device works on which task.
  await waitFor(
    () => heard.some((each) => each.taskId === taskId && each.state === 'working') || undefined,
    20_000,
    'the progress on the laptop',
  );
  expect(heard[0]).toMatchObject({ deviceId: holder.device.deviceId, taskId });

  answer();
  await waitFor(
    () => heard.some((each) => each.state === 'ended') || undefined,
    20_000,
    'the wake’s end on the laptop',
  );
  await caughtUp(url(), first.device);
  await caughtUp(url(), second.device);
  expect(wakesIn(agents())).toHaveLength(1);
  // Once it ended, the same edit is not woken on again here.
  expect(await wake('automatic')).toMatchObject({
    kind: 'held',
    words: expect.stringMatching(/already woke on this edit\.$/),
  });
  expect(tabWakes).toEqual([]);

  // How the agent device's wake ended reaches every other device's Activity, in words.
  const outcomeLine = (db: CountersignDatabase, words: RegExp) =>
    waitFor(
      async () =>
        (await db.auditMessages.toArray()).find((row) => words.test(row.summary)) ?? undefined,
      20_000,
      `${String(words)} in Activity`,
    );
  const proposedLine =
    /^The agent on (Computer [0-9a-f-]{4}|another device) proposed 1 change to “Fix the Safari logout”\.$/;
  expect(await outcomeLine(tablet, proposedLine)).toMatchObject({
    kind: 'observation',
    source: 'sync',
    taskId,
    outcome: 'success',
  });
  await outcomeLine(laptop, proposedLine);

  // A wake the person asks for is claimed and runs; the agent devices then see it done.
  expect(await wake('manual')).toMatchObject({ kind: 'ran' });
  expect(tabWakes).toEqual([taskId]);
  expect(wakesIn(agents())).toHaveLength(1);
  expect(refused).toEqual([]);
  await outcomeLine(
    tablet,
    /^The agent on .+ looked at “Fix the Safari logout” and proposed nothing\.$/,
  );
  await first.device.stop();
  await second.device.stop();
}, 120_000);

it('does not wake automatically while not connected; a wake the person asks for runs unclaimed', async () => {
  const offline = createTestDatabase();
  const taskId = await createTask(offline, 'Renew the certificate');
  const never = async (): Promise<ClaimsConnection> => {
    throw new Error('an offline tab does not open the claims connection');
  };
  const wake = (reason: 'automatic' | 'manual') =>
    wakeClaimedHere(
      offline,
      aliceJournal(url()).sync,
      taskId,
      reason,
      async () => ({ status: 'done', proposed: 0, turns: 1 }),
      never,
    );
  expect(await wake('automatic')).toEqual({ kind: 'skipped' });
  expect(await wake('manual')).toEqual({ kind: 'unclaimed' });
});

it('refuses a hostile outcome in words, and writes nothing of it into Activity', async () => {
  const tablet = await syncedDevice();
  const warned = vi.spyOn(console, 'warn');
  const sender = userTransport(url(), 'alice');
  await sender.connect();
  try {
    const hostile = { v: 1, deviceId: 'x', taskId: 't', status: 'done', proposed: -5, turns: 1 };
    await sender.publishNew(
      'cs.alice.outcome.hostile-1',
      new TextEncoder().encode(JSON.stringify({ ...hostile, summary: '<script>' })),
    );
    await sender.publishNew(
      'cs.alice.outcome.hostile-2',
      new TextEncoder().encode(JSON.stringify(hostile)),
    );
    const last = (await sender.readLastStamped('cs.alice.outcome.hostile-2'))!.seq;
    await waitFor(async () => (await readCursor(tablet)) >= last || undefined, 20_000, 'read');
  } finally {
    await sender.close();
  }
  const refusals = () =>
    warned.mock.calls.filter(([words]) =>
      String(words).includes('A wake’s outcome from another device was refused: '),
    );
  // Every device still syncing refuses both (this one and those of the tests before).
  await waitFor(() => refusals().length >= 2 || undefined, 20_000, 'both refused');
  expect(String(refusals()[0]![0])).toMatch(/proposed is not as expected\.$/);
  expect(await tablet.auditMessages.where('id').startsWith('outcome-hostile').count()).toBe(0);
  warned.mockRestore();
}, 60_000);

it('refuses a hostile progress message in words, and shows nothing of it', async () => {
  const laptop = createTestDatabase();
  const tab = await tabConnection(laptop);
  const { heard, refused } = listenOn(tab);
  const sender = userTransport(url(), 'alice');
  await sender.connect();
  try {
    // Until the listener is subscribed, a note sent is lost (core NATS stores nothing).
    await waitFor(
      async () => {
        sender.publishLive(
          'cs-live.alice.wake-progress',
          new TextEncoder().encode(JSON.stringify({ v: 1, deviceId: '../x', turn: 'all' })),
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
        return refused.length > 0 || undefined;
      },
      10_000,
      'the refusal',
    );
  } finally {
    await sender.close();
  }
  expect(refused[0]).toMatch(/^A progress message was refused: /);
  expect(heard).toEqual([]);
});
