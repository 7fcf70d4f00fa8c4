// @vitest-environment node
/**
 * The agent device's store is its memory (decision 0014): after many wakes it holds at
 * most its window of the rows only it keeps (wakes, audit, ledger, applied-here and push
 * records), while the next wake still hears the person's decision from long before, and a
 * restart after the window moved wakes nothing twice and keeps its device id.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LocalRowBounds } from '../../src/agent-device/local-rows';
import { rejectItem } from '../../src/confirmation/reject-item';
import { CountersignDatabase } from '../../src/db/database';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import { allowAgentCategories, createTask, userWrite } from '../support/test-database';
import {
  aliceJournal,
  caughtUp,
  scriptedModel,
  startLaptop,
  startTestDevice,
  wakesIn,
  type Logged,
} from './agent-device-fixtures';
import { waitFor } from './sync-fixtures';

let server: NatsTestServer;
let stateDir: string;
const closing: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  server = await startNatsServer();
  stateDir = mkdtempSync(join(tmpdir(), 'countersign-agent-device-'));
});

afterAll(async () => {
  for (const close of closing.reverse()) await close();
  await server?.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

const BOUNDS: LocalRowBounds = { wakes: 4, auditMessages: 16, mutations: 6, syncApplied: 6 };
/** A table is cut back to its bound once it holds a quarter more (local-rows.ts). */
const WINDOW = {
  wakes: 5,
  auditMessages: 20,
  mutations: 7,
  syncApplied: 7,
  syncPushes: 0,
};
const REASON = 'The team lead sets priorities here.';

/** The device's in-memory store, opened beside it by name (fake-indexeddb is per process). */
async function deviceStore(before: Set<string | undefined>): Promise<CountersignDatabase> {
  const name = (await indexedDB.databases())
    .map((each) => each.name)
    .find((each) => each?.startsWith('countersign-agent-device-') && !before.has(each));
  return new CountersignDatabase(name);
}

async function localRows(db: CountersignDatabase) {
  return {
    wakes: await db.wakes.count(),
    auditMessages: await db.auditMessages.count(),
    mutations: await db.mutations.count(),
    syncApplied: await db.syncApplied.count(),
    syncPushes: await db.syncPushes.count(),
  };
}

const withinWindow = (rows: Record<keyof typeof WINDOW, number>) =>
  Object.entries(WINDOW).every(([table, most]) => rows[table as keyof typeof WINDOW] <= most);

it('keeps a window of its local rows, still hears an old decision, and restarts without waking', async () => {
  const url = server.urls[0]!;
  const laptop = await startLaptop(url);
  closing.push(() => laptop.runtime.stop());
  const category = await userWrite(laptop.db, 'save_category', { name: 'Web', color: '#336699' });
  const categoryId = category.data!.categoryId as string;
  const [decided, ...others] = [
    await createTask(laptop.db, 'Fix the Safari logout', { categoryId }),
    await createTask(laptop.db, 'Renew the certificate', { categoryId }),
    await createTask(laptop.db, 'Rotate the logs', { categoryId }),
  ];
  await allowAgentCategories(laptop.db, [categoryId]);
  await laptop.sent();

  const prompts = new Map<string, string[]>();
  const recording: typeof fetch = (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : '';
    const taskId = [decided!, ...others].find((id) => body.includes(id));
    if (taskId) prompts.set(taskId, [...(prompts.get(taskId) ?? []), body]);
    return scriptedModel(input, init);
  };
  const before = new Set((await indexedDB.databases()).map((each) => each.name));
  const first = await startTestDevice(aliceJournal(url), stateDir, {
    fetch: recording,
    localRows: BOUNDS,
  });
  const store = await deviceStore(before);
  closing.push(async () => store.close());
  const ended = (events: Logged[]) => events.filter((each) => each.event === 'wake-ended');
  const wakeOn = async (taskIds: string[], text: string) => {
    const target = ended(first.events).length + taskIds.length;
    for (const taskId of taskIds)
      await userWrite(laptop.db, 'add_journal_entry', { text }, { taskId });
    await waitFor(
      () => ended(first.events).length >= target || undefined,
      20_000,
      `${text}: the wakes ended`,
    );
  };

  // The person rejects the first proposal, with a reason, long before the last wake.
  await wakeOn([decided!], 'Safari drops the cookie.');
  const item = await waitFor(
    async () => (await laptop.db.changeItems.where('taskId').equals(decided!).toArray())[0],
    20_000,
    'the proposal on the laptop',
  );
  const rejected = await rejectItem(laptop.db, item.changeSetId, item.itemIndex, {
    reason: REASON,
  });
  expect(rejected.status).toBe('rejected');
  await laptop.sent();

  for (let round = 0; round < 6; round++) await wakeOn(others, `Round ${round}`);
  await caughtUp(url, first.device);
  await waitFor(async () => withinWindow(await localRows(store)) || undefined, 20_000, 'trimmed');

  // The decision is journal data, never trimmed: the next wake of its task hears it.
  await wakeOn([decided!], 'Also on iPad.');
  const last = prompts.get(decided!)!.at(-1)!;
  expect(last).toContain(REASON);
  expect(await store.decisions.count()).toBe(1);
  await caughtUp(url, first.device);
  await waitFor(async () => withinWindow(await localRows(store)) || undefined, 20_000, 'trimmed');
  expect(ended(first.events)).toHaveLength(14);
  await first.device.stop();

  // What the window removed is not needed to restart: nothing wakes again, the id is kept.
  const second = await startTestDevice(aliceJournal(url), stateDir, { localRows: BOUNDS });
  closing.push(() => second.device.stop());
  await caughtUp(url, second.device);
  expect(second.device.deviceId).toBe(first.device.deviceId);
  expect(wakesIn(second.events)).toEqual([]);
  expect(second.events.filter((each) => each.event === 'device-id-changed')).toEqual([]);
}, 120_000);
