// @vitest-environment node
/**
 * The agent device's store is its memory (decision 0014): after many wakes it holds at
 * most its window of the rows only it keeps (wakes, audit, ledger, applied-here and push
 * records), while the next wake still hears the person's decision from long before, and a
 * restart after the window moved wakes nothing twice and keeps its device id.
 */
import { afterAll, expect, it } from 'vitest';
import type { LocalRowBounds } from '../../src/agent-device/local-rows';
import { rejectItem } from '../../src/confirmation/reject-item';
import { CountersignDatabase } from '../../src/db/database';
import { tempStateDirs } from '../../src/agent-device/temp-state-dirs';
import { laptopOnNatsServer } from '../support/laptop-on-nats-server';
import { createTask, userWrite } from '../support/test-database';
import {
  aliceJournal,
  caughtUp,
  scriptedModel,
  startTestDevice,
  wakesIn,
  type Logged,
} from './agent-device-fixtures';
import { waitFor } from './sync-fixtures';

const rig = laptopOnNatsServer();
const newStateDir = tempStateDirs('countersign-agent-device-memory-');
const closing: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const close of closing.reverse()) await close();
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
  const url = rig.url();
  const laptop = rig.laptop();
  const stateDir = newStateDir();
  const categoryId = await rig.allowedCategory();
  const [decided, ...others] = [
    await createTask(laptop, 'Fix the Safari logout', { categoryId }),
    await createTask(laptop, 'Renew the certificate', { categoryId }),
    await createTask(laptop, 'Rotate the logs', { categoryId }),
  ];
  await rig.sent();

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
      await userWrite(laptop, 'add_journal_entry', { text }, { taskId });
    await waitFor(
      () => ended(first.events).length >= target || undefined,
      20_000,
      `${text}: the wakes ended`,
    );
  };

  // The person rejects the first proposal, with a reason, long before the last wake.
  await wakeOn([decided!], 'Safari drops the cookie.');
  const item = await waitFor(
    async () => (await laptop.changeItems.where('taskId').equals(decided!).toArray())[0],
    20_000,
    'the proposal on the laptop',
  );
  const rejected = await rejectItem(laptop, item.changeSetId, item.itemIndex, {
    reason: REASON,
  });
  expect(rejected.status).toBe('rejected');
  await rig.sent();

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
  await caughtUp(url, second.device);
  expect(second.device.deviceId).toBe(first.device.deviceId);
  expect(wakesIn(second.events)).toEqual([]);
  expect(second.events.filter((each) => each.event === 'device-id-changed')).toEqual([]);
  await second.device.stop();
}, 120_000);
