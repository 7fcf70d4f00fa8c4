import { itemsOfTask } from '../../test/support/proposals';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CountersignDatabase } from '../db/database';
import { getDeviceId } from '../db/settings';
import { DEFAULT_AGENT_ID } from '../domain/agent';
import { dispatch } from '../dispatcher/dispatch';
import { reviewKind } from '../tools/registry';
import {
  allowAgentCategories,
  createAgentReadyTask,
  createTestDatabase,
  journalSnapshot,
  userWrite,
} from '../../test/support/test-database';
import { ChangeSetBuilder } from './change-set-builder';
import { routeToolCall, type WakeNotes } from './route-tool-call';

let db: CountersignDatabase;
let ids: Awaited<ReturnType<typeof createAgentReadyTask>>;
let builder: ChangeSetBuilder;
let notes: WakeNotes;
beforeEach(async () => {
  db = createTestDatabase();
  ids = await createAgentReadyTask(db);
  builder = new ChangeSetBuilder({
    db,
    taskId: ids.taskId,
    agentId: DEFAULT_AGENT_ID,
    operationKey: 'wake:test',
    deviceId: await getDeviceId(db),
    rejected: new Map(),
    openFingerprints: new Set(),
  });
  notes = { observations: [] };
});
afterEach(async () => {
  await db.delete();
});

let calls = 0;
const route = (toolName: string, args: unknown) =>
  routeToolCall(
    { toolCallId: `call-${++calls}`, toolName, input: JSON.stringify(args) },
    {
      db,
      taskId: ids.taskId,
      agentId: DEFAULT_AGENT_ID,
      operationKey: 'wake:test',
      builder,
      notes,
      mutatedEntries: [],
    },
  );

async function addCategory(name: string) {
  const saved = await userWrite(db, 'save_category', { name, color: '#445566' });
  return saved.data!.categoryId as string;
}

describe('routing a call to a noted tool', () => {
  it('keeps the report and observations on the wake’s notes and leaves the journal alone', async () => {
    const before = await journalSnapshot(db);
    const report = { oneLiner: 'On track', tldr: 'Two items left.', content: '## Notes' };
    expect(await route('update_report', report)).toEqual({
      toolName: 'update_report',
      outcome: 'noted',
      output: 'Report saved.',
    });
    const observed = await route('record_observations', {
      observations: [{ text: 'Room booking is the risk', priority: 'HIGH' }],
    });
    expect(observed).toMatchObject({ outcome: 'noted', output: 'Recorded 1 observation.' });
    expect(notes).toEqual({
      report,
      observations: [{ text: 'Room booking is the risk', priority: 'high', category: 'general' }],
    });
    expect(await journalSnapshot(db)).toEqual(before);
  });

  it('teaches the contract when the arguments do not fit, like any other tool', async () => {
    const result = await route('update_report', { oneLiner: '' });
    expect(result.outcome).toBe('error');
    expect(result.output).toMatch(
      /^Invalid arguments for update_report: "oneLiner": "oneLiner" cannot be empty;.*\. Expected arguments like \{"oneLiner"/,
    );
    expect(notes.report).toBeUndefined();
  });

  it('refuses a report or observation with direction overrides or control characters', async () => {
    const report = await route('update_report', {
      oneLiner: 'Approved by \u202Eeciffo\u202C',
      tldr: 'Fine.',
      content: '## Notes\n\t- ok',
    });
    expect(report.outcome).toBe('error');
    expect(report.output).toContain(
      '"oneLiner": "oneLiner" cannot contain control characters or invisible direction marks (such as U+202E, which makes text display reversed). Send it as plain text on one line.',
    );
    const bell = await route('update_report', { oneLiner: 'Ok', tldr: 'Bell \u0007', content: '' });
    expect(bell.output).toContain('"tldr": "tldr" cannot contain control characters');
    const observed = await route('record_observations', {
      observations: [{ text: 'Risk \u2066hidden\u2069' }],
    });
    expect(observed.output).toContain('"observations.0.text": "text" cannot contain');
    expect(notes).toEqual({ observations: [] });
    // Line breaks and tabs are text of several lines, not hidden characters.
    expect(
      await route('update_report', { oneLiner: 'Ok', tldr: 'One.\nTwo.', content: '## A\n\t- b' }),
    ).toMatchObject({ outcome: 'noted' });
  });

  it('ends its list of problems with one period, not two', async () => {
    const result = await route('set_task_title', { title: 'Line one\nline two' });
    expect(result.output).toMatch(/on one line\. Expected arguments like/);
    expect(result.output).not.toContain('..');
  });

  it('is never dispatched: the journal is no place for the agent’s notes', async () => {
    const before = await journalSnapshot(db);
    const args = { oneLiner: 'On track', tldr: '', content: '' };
    const byUser = await dispatch(db, 'update_report', args, {
      source: 'user',
      taskId: ids.taskId,
    });
    expect(byUser).toMatchObject({ success: false });
    expect(byUser.output).toMatch(/update_report is handled inside the wake/);
    const byAgent = await dispatch(db, 'update_report', args, {
      source: 'agent',
      taskId: ids.taskId,
    });
    expect(byAgent.success).toBe(false);
    expect(await journalSnapshot(db)).toEqual(before);
  });

  it('names every tool, noted ones included, when the name is unknown', async () => {
    const result = await route('summarize_task', {});
    expect(result.output).toMatch(/^Unknown tool "summarize_task"\. The tools you can call are: /);
    expect(result.output).toMatch(/set_task_category.*update_report, record_observations/);
  });
});

describe('arguments a tool does not take', () => {
  it('refuses a call that names another task, and changes nothing', async () => {
    const before = await journalSnapshot(db);
    for (const key of ['taskId', 'task_id', 'task']) {
      const result = await route('set_task_title', { [key]: 'another-task', title: 'Offsite' });
      expect(result.outcome).toBe('error');
      expect(result.output).toContain(
        `Not queued: set_task_title changes the task this wake is about (the one in your context) and takes no "${key}"; another task cannot be changed from here.`,
      );
    }
    const immediate = await route('set_task_language', {
      taskId: 'another-task',
      languageCode: 'de',
    });
    expect(immediate).toMatchObject({ outcome: 'error' });
    expect(immediate.output).toMatch(/^Not applied: set_task_language changes the task/);
    expect(builder.hasUnflushed).toBe(false);
    expect(await builder.flush()).toBe(0);
    expect(await journalSnapshot(db)).toEqual(before);
  });

  it('lets through a key that names the wake’s own task', async () => {
    const result = await route('set_task_title', { taskId: ids.taskId, title: 'Offsite' });
    expect(result.outcome).toBe('queued');
  });

  it('names keys the tool would have dropped, and what it takes instead', async () => {
    const result = await route('update_task_estimate', { minutes: 2, unit: 'hours' });
    expect(result).toMatchObject({ outcome: 'error' });
    expect(result.output).toBe(
      'Not queued: update_task_estimate does not take "unit". It takes "minutes", "rationale"; send the call again with only those. For example {"minutes":90}.',
    );
    const topLevel = await route('add_multiple_checklist_items', {
      items: [{ title: 'Book the room' }],
      taskId: 'another-task',
    });
    expect(topLevel.output).toMatch(
      /^Not queued: add_multiple_checklist_items changes the task this wake is about .* takes no "taskId"/,
    );
    expect(builder.hasUnflushed).toBe(false);
  });

  it('proposes checklist items that carry keys an item does not take (real models add them)', async () => {
    const result = await route('add_multiple_checklist_items', {
      items: [
        { title: 'Book the room', description: 'The big one', priority: 'high' },
        { title: 'Send the invite', owner: 'Priya', isChecked: false },
      ],
    });
    expect(result).toMatchObject({ outcome: 'queued' });
    await builder.flush();
    const items = await itemsOfTask(db, ids.taskId);
    expect(items.map((item) => item.humanSummary)).toEqual([
      'Add: "Book the room"',
      'Add: "Send the invite"',
    ]);
    expect(items.map(({ args }) => args)).toEqual([
      expect.not.objectContaining({ description: expect.anything() }),
      expect.not.objectContaining({ owner: expect.anything() }),
    ]);
  });

  it('leaves a call its schema refuses to the schema’s own message', async () => {
    const result = await route('update_task_estimate', { minutes: 'soon', unit: 'hours' });
    expect(result.output).toMatch(/^Invalid arguments for update_task_estimate: "minutes"/);
  });
});

describe('null for a key the call leaves out', () => {
  it('reads null for an optional key as not given, as strict-mode models send it', async () => {
    const title = await route('set_task_title', { title: 'Offsite plan', rationale: null });
    expect(title).toMatchObject({ outcome: 'queued' });
    const batch = await route('add_multiple_checklist_items', {
      items: [{ title: 'Write the regression test', isChecked: null }],
      rationale: null,
    });
    expect(batch.output).toMatch(/Queued 1 item: Add: "Write the regression test"/);
    await builder.flush();
    const items = await itemsOfTask(db, ids.taskId);
    expect(items.map((item) => item.rationale)).toEqual([undefined, undefined]);
    // Left out, the item is not ticked: the batch's own default, not a refusal.
    expect(items[1]!.args).toMatchObject({ title: 'Write the regression test', isChecked: false });
  });

  it('still refuses null for a key the tool needs, with the schema’s message', async () => {
    const result = await route('set_task_title', { title: null });
    expect(result.outcome).toBe('error');
    expect(result.output).toMatch(/^Invalid arguments for set_task_title: "title"/);
    expect(builder.queuedCount).toBe(0);
  });
});

describe('a proposal’s rationale', () => {
  it('is checked like every argument: over 200 characters teaches the limit', async () => {
    const result = await route('set_task_title', {
      title: 'Prepare the product demo',
      rationale: 'Because '.repeat(26),
    });
    expect(result.outcome).toBe('error');
    expect(result.output).toMatch(
      /^Invalid arguments for set_task_title: "rationale": "rationale" is at most 200 characters: one short sentence saying why/,
    );
    expect(builder.queuedCount).toBe(0);
  });

  it('travels with a batch call without becoming part of its items', async () => {
    const result = await route('add_multiple_checklist_items', {
      items: [{ title: 'Print handouts' }],
      rationale: 'The journal says handouts are needed.',
    });
    expect(result.output).toMatch(/Queued 1 item: Add: "Print handouts"/);
    await builder.flush();
    const [item] = await itemsOfTask(db, ids.taskId);
    expect(item!.args).not.toHaveProperty('rationale');
    expect(item!.rationale).toBe('The journal says handouts are needed.');
  });
});

describe('proposing a move to another category', () => {
  it('queues a move between categories the user allowed, named for the person', async () => {
    const home = await addCategory('Home');
    await allowAgentCategories(db, [ids.categoryId, home]);
    const result = await route('move_task', { categoryId: home });
    expect(result).toMatchObject({ toolName: 'set_task_category', outcome: 'queued' });
    expect(result.output).toMatch(/Queued 1 item: Move to category "Home"/);
    await builder.flush();
    expect(await itemsOfTask(db, ids.taskId)).toMatchObject([
      {
        toolName: 'set_task_category',
        args: { categoryId: home },
        base: { categoryId: ids.categoryId },
      },
    ]);
    expect(reviewKind('set_task_category')).toBe('Category');
  });

  it('refuses a category the agent may not act on, and lists the ones it may use', async () => {
    const home = await addCategory('Home');
    const result = await route('set_task_category', { categoryId: home });
    expect(result.outcome).toBe('skipped');
    expect(result.output).toBe(
      `Skipped: Move to category "Home" (The user has not allowed you to act on tasks in that category, so you may not move the task there. Categories you may use: {"categoryId": "${ids.categoryId}"} (Work).).`,
    );
  });

  it('refuses a category that does not exist, and clearing the category', async () => {
    const missing = await route('set_task_category', { categoryId: 'no-such-category' });
    expect(missing.output).toMatch(
      /No category with id "no-such-category" exists\. Categories you may use: .*\(Work\)/,
    );
    const cleared = await route('set_task_category', { categoryId: null });
    expect(cleared.output).toMatch(/Only the user clears a task's category/);
    const same = await route('set_task_category', { categoryId: ids.categoryId });
    expect(same.output).toMatch(/The task is already there/);
    expect(builder.queuedCount).toBe(0);
  });
});
