import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedSampleJournalOnce } from '../app/first-run';
import { saveProviderSettings } from '../db/agent-settings';
import type { CountersignDatabase } from '../db/database';
import { SAMPLE_IDS } from '../domain/sample-journal';
import { allowAgentCategories, createTestDatabase } from '../../test/support/test-database';
import { itemsOfTask } from '../../test/support/proposals';
import { NOT_CONFIGURED_MESSAGE, wakeWithDeviceSettings } from './wake-with-device-settings';
import type { WakeProgress } from './wake-progress';

let db: CountersignDatabase;
beforeEach(async () => {
  db = createTestDatabase();
  await seedSampleJournalOnce(db);
  await allowAgentCategories(db, Object.values(SAMPLE_IDS.categories));
});
afterEach(async () => {
  await db.delete();
});

describe('starting a wake from this device’s settings', () => {
  it('leads to Settings when no model is configured, and never falls back to the demo', async () => {
    const progress: WakeProgress[] = [];
    const outcome = await wakeWithDeviceSettings(
      db,
      { taskId: 'sample-task-login-bug', reason: 'manual' },
      { onProgress: (event) => progress.push(event) },
    );
    expect(outcome).toMatchObject({
      status: 'failed',
      kind: 'not-configured',
      message: NOT_CONFIGURED_MESSAGE,
    });
    expect(progress).toEqual([
      { type: 'failed', kind: 'not-configured', message: NOT_CONFIGURED_MESSAGE },
    ]);
    expect(await db.changeSets.count()).toBe(0);
  });

  it('explains a configuration that cannot work before calling anyone', async () => {
    await saveProviderSettings(db, { kind: 'openai-compatible', model: 'llama3.2', baseURL: '' });
    const outcome = await wakeWithDeviceSettings(db, {
      taskId: 'sample-task-login-bug',
      reason: 'manual',
    });
    expect(outcome.status).toBe('failed');
    expect(outcome.message).toMatch(/base URL/i);
  });

  it('runs the demo agent through the real routing, builder and persistence, offline', async () => {
    await saveProviderSettings(db, { kind: 'demo', model: 'scripted' });
    const outcome = await wakeWithDeviceSettings(db, {
      taskId: 'sample-task-login-bug',
      reason: 'manual',
    });
    expect(outcome).toMatchObject({ status: 'done', turns: 2 });
    const items = await itemsOfTask(db, 'sample-task-login-bug');
    expect(items.map((item) => item.humanSummary)).toEqual([
      'Set title to "Fix Safari logout after sign-in (session cookie)"',
      'Set priority to P0',
      'Set estimate to 120 minutes',
      'Add: "Set SameSite=Lax on the session cookie"',
      'Add: "Add a regression test for the Safari redirect"',
      'Set status to IN PROGRESS',
    ]);
    expect((await db.tasks.get('sample-task-login-bug'))?.languageCode).toBe('en');
    expect((await db.reports.toArray())[0]?.oneLiner).toMatch(/Safari drops the session cookie/);
    expect(await db.observations.count()).toBe(1);
  });

  it('plays every sample task’s script without a malformed call', async () => {
    await saveProviderSettings(db, { kind: 'demo', model: 'scripted' });
    const tasks = await db.tasks.toArray();
    for (const task of tasks) {
      const outcome = await wakeWithDeviceSettings(db, { taskId: task.id, reason: 'manual' });
      expect(outcome.status, task.title).toBe('done');
      const failures = await db.auditMessages
        .filter((message) => message.outcome === 'failure' && message.source === 'agent')
        .toArray();
      expect(
        failures.map((message) => message.summary),
        task.title,
      ).toEqual([]);
    }
    expect(await db.changeSets.count()).toBe(tasks.length);
  }, 30_000);
});

describe('trusted tools during a wake', () => {
  it('applies proposals of a tool set to "Apply without asking" as soon as they are flushed', async () => {
    const { saveTrustedTools } = await import('../dispatcher/agent-choices');
    await saveProviderSettings(db, { kind: 'demo', model: 'scripted' });
    await saveTrustedTools(db, ['update_task_estimate']);
    await wakeWithDeviceSettings(db, { taskId: 'sample-task-login-bug', reason: 'manual' });
    expect((await db.tasks.get('sample-task-login-bug'))?.estimateMinutes).toBe(120);
    const decisions = await db.decisions.toArray();
    expect(decisions).toMatchObject([
      { actor: 'rule', verdict: 'confirmed', humanSummary: 'Set estimate to 120 minutes' },
    ]);
  });

  it('never shows the user:password of a base URL: not in the status line, a message or the record', async () => {
    const baseURL = 'http://alice:s3cret@127.0.0.1:9/v1';
    await saveProviderSettings(db, { kind: 'openai-compatible', model: 'llama3.2', baseURL });
    const progress: WakeProgress[] = [];
    const outcome = await wakeWithDeviceSettings(
      db,
      { taskId: 'sample-task-login-bug', reason: 'manual' },
      {
        onProgress: (event) => progress.push(event),
        // The server answers with an error that echoes the address it was called at.
        fetch: async () =>
          new Response(JSON.stringify({ error: { message: `Bad gateway calling ${baseURL}` } }), {
            status: 502,
            headers: { 'content-type': 'application/json' },
          }),
      },
    );
    expect(outcome.status).toBe('failed');
    expect(progress).toContainEqual({
      type: 'connecting',
      provider: 'llama3.2 at http://127.0.0.1:9/v1',
    });
    const shown = JSON.stringify([progress, outcome, await db.wakes.toArray()]);
    expect(shown).toContain('127.0.0.1:9');
    expect(shown).not.toMatch(/alice|s3cret/);
  });
});
