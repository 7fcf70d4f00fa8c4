import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRequests, type RequestCounter } from '../../../test/support/count-requests';
import {
  createAgentReadyTask,
  createTestDatabase,
  userWrite,
} from '../../../test/support/test-database';
import type { CountersignDatabase } from '../database';
import { saveAutoWake, saveProviderSettings } from '../agent-settings';
import { readAgentPanel, readAutoWakeWatch } from './agent';
import { DEFAULT_AGENT_ID, type Wake } from '../../domain/agent';

let db: CountersignDatabase;
let counter: RequestCounter;
let taskId: string;

beforeEach(async () => {
  db = createTestDatabase();
  counter = countRequests(db);
  await db.open();
  ({ taskId } = await createAgentReadyTask(db));
  await saveProviderSettings(db, { kind: 'demo', model: 'scripted' });
});
afterEach(async () => {
  await db.delete();
});

const pause = () => new Promise((resolve) => setTimeout(resolve, 2));

/**
 * A moment strictly after everything written so far and strictly before anything written
 * next (the ledger's clock is the wall clock, in milliseconds, and the watch's lower bound
 * is inclusive): a write can finish within the millisecond it started in, so the pause
 * before the stamp matters as much as the one after it. CI once caught the one before
 * missing: the last of 60 writes shared its millisecond with the stamp and was watched.
 */
async function now(): Promise<string> {
  await pause();
  const stamp = new Date().toISOString();
  await pause();
  return stamp;
}

const readTables = (requests: Map<string, number>) =>
  [...requests.keys()].map((key) => key.split(' ')[0]);

describe('readAutoWakeWatch', () => {
  it('reads neither the ledger nor the journal while the automatic wake is off', async () => {
    await userWrite(db, 'add_journal_entry', { text: 'Booked the room.' }, { taskId });
    const { value, counts } = await counter.count(() => readAutoWakeWatch(db, taskId, ''));
    expect(value).toMatchObject({ enabled: false, operations: [] });
    expect(readTables(counts.requests)).not.toContain('mutations');
    expect(readTables(counts.requests)).not.toContain('entries');
    expect(readTables(counts.requests)).not.toContain('checklistItems');
  });

  it('lists the operations on the task since it was opened, oldest first, with who wrote them', async () => {
    await saveAutoWake(db, true);
    await userWrite(db, 'add_journal_entry', { text: 'Before the page opened.' }, { taskId });
    const openedAt = await now();
    const first = await userWrite(db, 'add_journal_entry', { text: 'Booked.' }, { taskId });
    await userWrite(
      db,
      'update_task_estimate',
      { minutes: 30 },
      { taskId, source: 'confirmation' },
    );

    const watch = await readAutoWakeWatch(db, taskId, openedAt);
    expect(watch?.operations.map((operation) => operation.source)).toEqual([
      'user',
      'confirmation',
    ]);
    expect(watch?.operations[0]).toMatchObject({
      operationId: first.operationId,
      entities: [{ table: 'entries', id: first.data!.entryId }],
    });
    expect(watch?.operations[1]?.entities).toEqual([
      {
        table: 'tasks',
        id: taskId,
        vectorClock: (await db.tasks.get(taskId))!.vectorClock,
      },
    ]);
  });

  it('reads the operations since it was opened, however long the task’s journal is', async () => {
    await saveAutoWake(db, true);
    for (let index = 0; index < 60; index++) {
      await userWrite(db, 'add_journal_entry', { text: `Entry ${index}` }, { taskId });
    }
    const openedAt = await now();
    await userWrite(db, 'add_journal_entry', { text: 'The one edit.' }, { taskId });

    const { value, counts } = await counter.count(() => readAutoWakeWatch(db, taskId, openedAt));
    expect(value?.operations).toHaveLength(1);
    expect(readTables(counts.requests)).not.toContain('entries');
    expect(readTables(counts.requests)).not.toContain('checklistItems');
    expect(counts.requests.get('mutations query')).toBe(1);
  });

  it('takes only this task’s rows from an operation that also wrote another task’s', async () => {
    await saveAutoWake(db, true);
    const openedAt = await now();
    const entry = (id: string, ofTask: string) => ({
      table: 'entries',
      id,
      before: null,
      after: { id, taskId: ofTask, text: 'synced', vectorClock: { remote: 1 } },
    });
    await db.mutations.put({
      operationId: 'remote-op',
      toolName: 'apply_synced_rows',
      source: 'sync',
      taskId,
      diffs: [entry('mine', taskId), entry('theirs', 'another-task')],
      result: 'Applied.',
      createdAt: new Date().toISOString(),
    });

    const watch = await readAutoWakeWatch(db, taskId, openedAt);
    expect(watch?.operations).toEqual([
      {
        operationId: 'remote-op',
        source: 'sync',
        entities: [{ table: 'entries', id: 'mine', vectorClock: { remote: 1 } }],
      },
    ]);
  });
});

describe('readAgentPanel', () => {
  const wake = (id: string, ofTask: string, startedAt: string, status: Wake['status']): Wake => ({
    id,
    agentId: DEFAULT_AGENT_ID,
    taskId: ofTask,
    runKey: `wake:${id}`,
    status,
    startedAt,
    createdAt: startedAt,
    updatedAt: startedAt,
    rev: 1,
    vectorClock: {},
  });

  it('finds the task’s latest wake and its latest still running, whoever else runs, without reading all its wakes', async () => {
    await db.wakes.bulkPut([
      ...Array.from({ length: 40 }, (_, index) =>
        wake(
          `old-${index}`,
          taskId,
          `2026-01-01T00:${String(index).padStart(2, '0')}:00.000Z`,
          'done',
        ),
      ),
      wake('stale-running', taskId, '2026-01-02T00:00:00.000Z', 'running'),
      wake('running', taskId, '2026-01-03T00:00:00.000Z', 'running'),
      wake('latest', taskId, '2026-01-04T00:00:00.000Z', 'failed'),
      wake('elsewhere', 'another-task', '2026-01-05T00:00:00.000Z', 'running'),
    ]);
    const { value, counts } = await counter.count(() => readAgentPanel(db, taskId));
    expect(value.latestWake?.id).toBe('latest');
    expect(value.runningWake?.id).toBe('running');
    // Its latest wake, and the three marked running anywhere: not its 43 wakes.
    expect(counts.rowsQueried.get('wakes')).toBeLessThanOrEqual(4);
  });
});
