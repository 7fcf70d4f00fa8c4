// A llama.cpp build that cannot stream tool calls answers every streamed request with
// "Cannot use tools with stream": the wake asks again for a whole answer, once, says so,
// and this device remembers it for the configuration.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedSampleJournalOnce } from '../app/first-run';
import { saveProviderSettings } from '../db/agent-settings';
import type { CountersignDatabase } from '../db/database';
import { SAMPLE_IDS } from '../domain/sample-journal';
import { itemsOfTask } from '../../test/support/proposals';
import { chatCompletion, scriptedFetch } from '../../test/support/scripted-fetch';
import { allowAgentCategories, createTestDatabase } from '../../test/support/test-database';
import type { WakeProgress } from './wake-progress';
import { wakeWithDeviceSettings } from './wake-with-device-settings';

const TASK = 'sample-task-login-bug';
const CANNOT_STREAM = {
  status: 500,
  body: '{"error":{"code":500,"message":"Cannot use tools with stream","type":"server_error"}}',
};
const PRIORITY = chatCompletion([{ name: 'update_task_priority', args: { priority: 'P0' } }]);
const REPORT = chatCompletion([
  {
    name: 'update_report',
    args: { oneLiner: 'Release blocker', tldr: 'Raised to P0.', content: 'Blocks Friday.' },
  },
]);

let db: CountersignDatabase;
beforeEach(async () => {
  db = createTestDatabase();
  await seedSampleJournalOnce(db);
  await allowAgentCategories(db, Object.values(SAMPLE_IDS.categories));
  await saveProviderSettings(db, {
    kind: 'openai-compatible',
    baseURL: 'http://localhost:8080/v1',
    model: 'qwen2.5-7b',
  });
});
afterEach(async () => {
  await db.delete();
});

describe('a server that cannot stream tool calls', () => {
  it('gets one fallback request, the wake completes with its proposals, and it is said once', async () => {
    const server = scriptedFetch([CANNOT_STREAM, { body: PRIORITY }, { body: REPORT }]);
    const progress: WakeProgress[] = [];
    const outcome = await wakeWithDeviceSettings(
      db,
      { taskId: TASK, reason: 'manual' },
      { fetch: server.fetch, onProgress: (event) => progress.push(event) },
    );

    expect(outcome).toMatchObject({ status: 'done', proposed: 1, turns: 2 });
    expect(server.requests.map((request) => request.stream === true)).toEqual([true, false, false]);
    const items = await itemsOfTask(db, TASK);
    expect(items.map((item) => item.humanSummary)).toEqual(['Set priority to P0']);
    const notices = progress.filter((event) => event.type === 'notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      message: expect.stringContaining('cannot stream tool calls'),
    });
  });

  it('is asked for whole answers from the start on its next wake', async () => {
    const first = scriptedFetch([CANNOT_STREAM, { body: PRIORITY }, { body: REPORT }]);
    await wakeWithDeviceSettings(db, { taskId: TASK, reason: 'manual' }, { fetch: first.fetch });

    const next = scriptedFetch([{ body: REPORT }]);
    const progress: WakeProgress[] = [];
    const outcome = await wakeWithDeviceSettings(
      db,
      { taskId: TASK, reason: 'manual' },
      { fetch: next.fetch, onProgress: (event) => progress.push(event) },
    );
    expect(outcome.status).toBe('done');
    expect(next.requests.map((request) => request.stream === true)).toEqual([false]);
    expect(progress.some((event) => event.type === 'notice')).toBe(false);
  });

  it('is remembered only for that configuration', async () => {
    const first = scriptedFetch([CANNOT_STREAM, { body: PRIORITY }, { body: REPORT }]);
    await wakeWithDeviceSettings(db, { taskId: TASK, reason: 'manual' }, { fetch: first.fetch });
    await saveProviderSettings(db, {
      kind: 'openai-compatible',
      baseURL: 'http://localhost:8080/v1',
      model: 'llama3.1-8b',
    });
    const other = scriptedFetch([CANNOT_STREAM, { body: REPORT }]);
    await wakeWithDeviceSettings(db, { taskId: TASK, reason: 'manual' }, { fetch: other.fetch });
    expect(other.requests[0]?.stream).toBe(true);
  });
});
