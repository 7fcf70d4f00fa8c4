// @vitest-environment node
/**
 * The person's choices for the agent are journal data: trusted tools and proposal expiry
 * set on the laptop reach a second device, and the agent device obeys them (it applies a
 * trusted kind of change at once, and its proposals expire after the synced number of
 * days), against a real nats-server.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tempStateDirs } from '../../src/agent-device/temp-state-dirs';
import { readTrustedTools, readTtlDays } from '../../src/db/agent-settings';
import type { CountersignDatabase } from '../../src/db/database';
import { saveTrustedTools, saveTtlDays } from '../../src/dispatcher/agent-choices';
import { startSyncRuntime, type SyncRuntime } from '../../src/sync/runtime/sync-runtime';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import {
  allowAgentCategories,
  createTask,
  createTestDatabase,
  userWrite,
} from '../support/test-database';
import { aliceJournal, startTestDevice, SYNC_OPTIONS } from './agent-device-fixtures';
import { untilConnected, waitFor } from './sync-fixtures';

let server: NatsTestServer;
let laptop: CountersignDatabase;
let tablet: CountersignDatabase;
const runtimes: SyncRuntime[] = [];
const stateDir = tempStateDirs('countersign-agent-choices-');
const url = () => server.urls[0]!;

beforeAll(async () => {
  server = await startNatsServer();
  laptop = createTestDatabase();
  tablet = createTestDatabase();
  for (const db of [laptop, tablet]) {
    runtimes.push(startSyncRuntime(db, aliceJournal(url()).sync!, SYNC_OPTIONS));
    await untilConnected(db);
  }
});

afterAll(async () => {
  for (const runtime of runtimes) await runtime.stop();
  await server?.stop();
});

const DAY_MS = 86_400_000;

it('reach a second device and the agent device, which obeys them', async () => {
  const category = await userWrite(laptop, 'save_category', { name: 'Web', color: '#336699' });
  const categoryId = category.data!.categoryId as string;
  await allowAgentCategories(laptop, [categoryId]);
  const taskId = await createTask(laptop, 'Fix the Safari logout', { categoryId });
  await saveTrustedTools(laptop, ['update_task_priority']);
  await saveTtlDays(laptop, 3);

  await waitFor(
    async () => (await readTtlDays(tablet)) === 3 || undefined,
    20_000,
    'the tablet has the expiry',
  );
  expect(await readTrustedTools(tablet)).toEqual(['update_task_priority']);

  const agent = await startTestDevice(aliceJournal(url()), stateDir());
  try {
    await userWrite(laptop, 'add_journal_entry', { text: 'Safari drops the cookie.' }, { taskId });
    // The scripted model proposes P0: trusted on the laptop, so the agent device applied it.
    await waitFor(
      async () => (await tablet.tasks.get(taskId))?.priority === 'P0' || undefined,
      30_000,
      'the agent device applied the trusted priority',
    );
    const [item] = await tablet.changeItems.where('taskId').equals(taskId).toArray();
    expect(item).toMatchObject({ toolName: 'update_task_priority', status: 'confirmed' });
    const [decision] = await tablet.decisions.where('taskId').equals(taskId).toArray();
    expect(decision).toMatchObject({ actor: 'rule', verdict: 'confirmed' });
    const expiresIn = Date.parse(item!.expiresAt!) - Date.parse(item!.proposedAt);
    expect(Math.round(expiresIn / DAY_MS)).toBe(3);
  } finally {
    await agent.device.stop();
  }
}, 120_000);
