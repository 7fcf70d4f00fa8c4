import { beforeEach, describe, expect, it } from 'vitest';
import type { CountersignDatabase } from '../db/database';
import { allowAgentCategories, userWrite } from '../../test/support/test-database';
import { httpError, scriptedModel, toolResultsIn } from '../../test/support/scripted-model';
import { itemsOfTask } from '../../test/support/proposals';
import { setUpWakeFixture, type WakeFixture } from '../../test/support/wake-fixture';
import { writeChangeItems } from '../db/change-items';
import type { ChangeItem } from '../domain/change-set';
import { describeProviderError } from './providers/describe-provider-error';
import { runWake } from './run-wake';

const fixture = setUpWakeFixture();
const { wake } = fixture;
let db: CountersignDatabase;
let ids: WakeFixture['ids'];
beforeEach(() => {
  ({ db, ids } = fixture);
});

const REPORT = {
  name: 'update_report',
  args: { oneLiner: 'Demo prep on track', tldr: 'Two items left.', content: '## Notes\n- ok' },
};

const items = () => itemsOfTask(db, ids.taskId);
const task = async () => (await db.tasks.get(ids.taskId))!;

/** Decides an item the way the service's follow-up does, without applying it. */
async function writeItemStatus(item: ChangeItem, status: ChangeItem['status']) {
  // An async scope: Dexie keeps the transaction open across native awaits only for those.
  await db.transaction('rw', [db.changeSets, db.changeItems, db.tallies, db.tasks], async () => {
    await writeChangeItems(db, [{ before: item, after: { ...item, status } }], {
      deviceId: 'test',
      now: new Date().toISOString(),
    });
  });
}

describe('a wake routes every kind of tool call', () => {
  it('applies immediate tools, queues deferred ones, handles report and observations in the wake', async () => {
    const { run, prompts } = wake([
      {
        text: 'Looking at the task.',
        toolCalls: [
          { name: 'set_task_language', args: { languageCode: 'en' } },
          { name: 'set_task_title', args: { title: 'Prepare the product demo' } },
          {
            name: 'record_observations',
            args: { observations: [{ text: 'Room booking is the risk', priority: 'high' }] },
          },
        ],
      },
      { toolCalls: [REPORT] },
    ]);
    const outcome = await run;
    expect(outcome).toMatchObject({ status: 'done', proposed: 1, turns: 2 });
    expect(await task()).toMatchObject({
      languageCode: 'en',
      languageSource: 'agent',
      title: 'Prepare the demo',
    });
    expect(await items()).toMatchObject([
      {
        toolName: 'set_task_title',
        humanSummary: 'Set title to "Prepare the product demo"',
        status: 'pending',
      },
    ]);
    const results = toolResultsIn(prompts[1]);
    expect(results[0]).toBe('Language set to "en".');
    expect(results[1]).toMatch(/^Proposal queued for user review\. Queued 1 item: Set title/);
    expect(results[2]).toBe('Recorded 1 observation.');
    expect(await db.reports.toArray()).toMatchObject([
      { oneLiner: 'Demo prep on track', taskId: ids.taskId },
    ]);
    expect(await db.observations.toArray()).toMatchObject([
      { text: 'Room booking is the risk', priority: 'high', category: 'general' },
    ]);
    const wakeRecord = (await db.wakes.toArray())[0];
    expect(wakeRecord).toMatchObject({
      status: 'done',
      turns: 2,
      proposed: 1,
      usage: { inputTokens: 200, outputTokens: 40 },
    });
    expect(wakeRecord!.mutatedEntries).toMatchObject([{ table: 'tasks', id: ids.taskId }]);
    const kinds = (await db.auditMessages.where('runKey').equals(wakeRecord!.runKey).toArray()).map(
      (message) => message.kind,
    );
    expect(kinds).toEqual(expect.arrayContaining(['thought', 'action', 'toolResult']));
  });

  it('explodes a batch into one item per element, with the catalogue summaries', async () => {
    const { run } = wake([
      {
        toolCalls: [
          {
            name: 'add_multiple_checklist_items',
            args: {
              items: [{ title: 'Design mockup' }, { title: 'Rehearse' }, { title: 'Send invite' }],
            },
          },
        ],
      },
      { toolCalls: [REPORT] },
    ]);
    await run;
    expect((await items()).map((item) => [item.toolName, item.humanSummary])).toEqual([
      ['add_checklist_item', 'Add: "Design mockup"'],
      ['add_checklist_item', 'Add: "Rehearse"'],
      ['add_checklist_item', 'Add: "Send invite"'],
    ]);
  });

  it('resolves aliases before routing, so an alias is still deferred', async () => {
    const { run } = wake([
      { toolCalls: [{ name: 'set_task_estimate', args: { minutes: '90' } }] },
      { toolCalls: [REPORT] },
    ]);
    await run;
    expect(await items()).toMatchObject([
      { toolName: 'update_task_estimate', args: { minutes: 90 } },
    ]);
    expect((await task()).estimateMinutes).toBeUndefined();
  });

  it('summarises checklist updates with the item title and records baseRev', async () => {
    const { run } = wake([
      {
        toolCalls: [
          {
            name: 'update_checklist_items',
            args: { items: [{ id: ids.itemIds[0], isChecked: true }] },
          },
        ],
      },
      { toolCalls: [REPORT] },
    ]);
    await run;
    const item = (await db.checklistItems.get(ids.itemIds[0]!))!;
    expect(await items()).toMatchObject([
      { humanSummary: 'Check off: "Write script"', baseRev: item.rev },
    ]);
  });
});

describe('the change set builder', () => {
  it('de-duplicates within a wake and tells the model', async () => {
    const { run, prompts } = wake([
      {
        toolCalls: [
          { name: 'update_task_priority', args: { priority: 'P1' } },
          { name: 'update_task_priority', args: { priority: 'p1' } },
        ],
      },
      { toolCalls: [REPORT] },
    ]);
    await run;
    expect(await items()).toHaveLength(1);
    expect(toolResultsIn(prompts[1])[1]).toMatch(
      /^Skipped: Set priority to P1 \(already proposed in this wake\)/,
    );
  });

  it('drops a proposal equal to the current value and says Skipped', async () => {
    const { run, prompts } = wake([
      { toolCalls: [{ name: 'update_task_priority', args: { priority: 'P2' } }] },
      { toolCalls: [REPORT] },
    ]);
    await run;
    expect(await items()).toHaveLength(0);
    expect(toolResultsIn(prompts[1])[0]).toBe(
      'Skipped: Set priority to P2 (The priority is already P2.).',
    );
  });

  it('refuses ids that are not on the task', async () => {
    const { run, prompts } = wake([
      {
        toolCalls: [
          { name: 'update_checklist_items', args: { items: [{ id: 'made-up', isChecked: true }] } },
        ],
      },
      { toolCalls: [REPORT] },
    ]);
    await run;
    expect(await items()).toHaveLength(0);
    expect(toolResultsIn(prompts[1])[0]).toMatch(/Skipped: .*No checklist item with id "made-up"/);
  });

  it('blocks fingerprints the user rejected for this task, and shows the reason in the next context', async () => {
    await wake([
      { toolCalls: [{ name: 'update_task_estimate', args: { minutes: 30 } }] },
      { toolCalls: [REPORT] },
    ]).run;
    const [set] = await db.changeSets.toArray();
    const [item] = await items();
    await db.decisions.add({
      id: 'decision-1',
      changeSetId: set!.id,
      taskId: ids.taskId,
      itemIndex: 0,
      toolName: item!.toolName,
      args: item!.args,
      fingerprint: item!.fingerprint,
      humanSummary: item!.humanSummary,
      verdict: 'rejected',
      actor: 'user',
      rejectionReason: 'Far too short',
      decidedAt: new Date().toISOString(),
      deviceId: 'd',
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      rev: 1,
      vectorClock: {},
    });
    await writeItemStatus(item!, 'rejected');

    const { run, prompts } = wake([
      { toolCalls: [{ name: 'update_task_estimate', args: { minutes: 30 } }] },
      { toolCalls: [REPORT] },
    ]);
    await run;
    const context = prompts[0]!.prompt[1]!;
    expect(JSON.stringify(context)).toContain(
      'REJECTED: Set estimate to 30 minutes (reason: \\"Far too short\\")',
    );
    expect(toolResultsIn(prompts[1])[0]).toMatch(
      /Skipped: Set estimate to 30 minutes \(the user rejected this before \(their reason: "Far too short"\)/,
    );
    expect((await items()).filter((candidate) => candidate.status === 'pending')).toHaveLength(0);
  });

  it('never writes into a resolved set, and keeps all pending items of a task in one open set', async () => {
    await wake([
      { toolCalls: [{ name: 'update_task_estimate', args: { minutes: 30 } }] },
      { toolCalls: [REPORT] },
    ]).run;
    await wake([
      { toolCalls: [{ name: 'update_task_priority', args: { priority: 'P0' } }] },
      { toolCalls: [REPORT] },
    ]).run;
    let sets = await db.changeSets.toArray();
    expect(sets).toHaveLength(1);
    expect(await items()).toHaveLength(2);
    for (const item of await items()) await writeItemStatus(item, 'confirmed');
    expect((await db.changeSets.get(sets[0]!.id))!.status).toBe('resolved');
    await wake([
      { toolCalls: [{ name: 'update_task_due_date', args: { dueDate: '2030-01-31' } }] },
      { toolCalls: [REPORT] },
    ]).run;
    sets = await db.changeSets.orderBy('id').toArray();
    expect(sets).toHaveLength(2);
    expect(sets.find((set) => set.status === 'resolved')!.counts.total).toBe(2);
  });

  it('flushes proposals at each turn boundary, while the agent still works', async () => {
    let seenDuringTurnTwo = -1;
    const { model } = scriptedModel([]);
    const base = scriptedModel([
      { toolCalls: [{ name: 'update_task_priority', args: { priority: 'P0' } }] },
      { toolCalls: [REPORT] },
    ]);
    model.doStream = async (options) => {
      if (base.prompts.length === 1) seenDuringTurnTwo = (await items()).length;
      return base.model.doStream(options);
    };
    await runWake({
      db,
      taskId: ids.taskId,
      model,
      providerLabel: 'x',
      describeError: (error) => describeProviderError(error),
    });
    expect(seenDuringTurnTwo).toBe(1);
  });
});

describe('malformed calls never end the wake', () => {
  it.each([
    [
      'arguments out of range',
      { name: 'update_task_estimate', args: { minutes: 5000 } },
      /Invalid arguments for update_task_estimate: "minutes": An estimate is at most 1440/,
    ],
    [
      'arguments that are not JSON',
      { name: 'update_task_estimate', args: '{"minutes": 60' },
      /were not valid JSON/,
    ],
    [
      'an unknown tool',
      { name: 'delete_everything', args: {} },
      /Unknown tool "delete_everything".*set_task_title/,
    ],
    ['a prototype name', { name: '__proto__', args: {} }, /Unknown tool/],
    [
      'a comma-separated checklist',
      { name: 'add_multiple_checklist_items', args: { items: 'a, b' } },
      /array of objects/,
    ],
    [
      'a bad report',
      { name: 'update_report', args: { oneLiner: '' } },
      /Invalid arguments for update_report/,
    ],
    [
      'arguments nested 5,000 levels deep',
      { name: 'set_task_title', args: `${'{"a":'.repeat(5_000)}"x"${'}'.repeat(5_000)}` },
      /^The arguments of set_task_title nest deeper than 16 levels; send a flat object/,
    ],
    ['a 1 MB tool name', { name: 'n'.repeat(1024 * 1024), args: {} }, /^Unknown tool "n{80}"\./],
    [
      'a 1 MB value',
      { name: 'set_task_title', args: { title: 't'.repeat(1024 * 1024) } },
      /Invalid arguments for set_task_title: "title"/,
    ],
  ])('%s: the model gets a teaching error and the loop goes on', async (_label, call, message) => {
    const { run, prompts } = wake([
      { toolCalls: [call] },
      { toolCalls: [{ name: 'update_task_priority', args: { priority: 'P1' } }] },
      { toolCalls: [REPORT] },
    ]);
    const outcome = await run;
    expect(outcome.status).toBe('done');
    expect(toolResultsIn(prompts[1])[0]).toMatch(message);
    expect(await items()).toMatchObject([{ toolName: 'update_task_priority' }]);
  });
});

describe('how a wake ends', () => {
  const observation = (index: number) => ({
    name: 'record_observations',
    args: { observations: [{ text: `Observation ${index}` }] },
  });

  it('answers every call past the turn’s 25 with "not run", and keeps them in the history', async () => {
    const calls = [
      ...Array.from({ length: 24 }, (_, index) => observation(index)),
      { name: 'update_task_estimate', args: { minutes: 120 } },
      { name: 'update_task_priority', args: { priority: 'P0' } },
      REPORT,
    ];
    const { run, prompts } = wake([{ toolCalls: calls }, { toolCalls: [REPORT] }]);
    const outcome = await run;
    expect(outcome).toMatchObject({ status: 'done', proposed: 1, refused: 2, turns: 2 });
    const results = toolResultsIn(prompts[1]);
    // The turn's 27 answers, then turn 2's (the prompt's messages are the wake's own list).
    expect(results).toHaveLength(28);
    expect(results[27]).toBe('Report saved.');
    expect(results[25]).toBe(
      'Not run: one turn may make at most 25 calls, and this was call 26. Send it again in your next turn if it is still needed.',
    );
    const echoed = prompts[1]!.prompt.find((message) => message.role === 'assistant');
    expect(echoed?.content.filter((part) => part.type === 'tool-call')).toHaveLength(27);
    expect(await items()).toMatchObject([{ toolName: 'update_task_estimate' }]);
  });

  it('gives the model another turn when its report came with a refused call', async () => {
    const { run, prompts } = wake([
      {
        toolCalls: [{ name: 'update_task_estimate', args: { minutes: 'two hours' } }, REPORT],
      },
      { toolCalls: [{ name: 'update_task_estimate', args: { minutes: 120 } }, REPORT] },
    ]);
    const outcome = await run;
    expect(prompts).toHaveLength(2);
    expect(toolResultsIn(prompts[1])[0]).toMatch(/^Invalid arguments for update_task_estimate/);
    expect(outcome).toMatchObject({ status: 'done', proposed: 1, turns: 2, refused: 1 });
    expect(outcome.ending).toBeUndefined();
  });

  it('says when the model answered with nothing, and notes it in the trail', async () => {
    const outcome = await wake([{ text: '' }]).run;
    expect(outcome).toMatchObject({ status: 'done', proposed: 0, ending: 'empty' });
    const notes = await db.auditMessages.where('kind').equals('observation').toArray();
    expect(notes.map((note) => note.summary)).toEqual([
      "The model's answer in turn 1 was empty: no text and no tool call.",
    ]);
  });

  it('says when the model answered in words only, or used every turn without its report', async () => {
    expect(await wake([{ text: 'All looks fine to me.' }]).run).toMatchObject({
      ending: 'words-only',
    });
    const refusedEveryTurn = Array.from({ length: 8 }, () => ({
      toolCalls: [{ name: 'update_task_estimate', args: { minutes: -1 } }],
    }));
    expect(await wake(refusedEveryTurn).run).toMatchObject({
      status: 'done',
      turns: 8,
      ending: 'turn-limit',
      refused: 8,
    });
  });

  it('ends as before when the agent reports: no ending to explain', async () => {
    const outcome = await wake([{ text: 'Done.', toolCalls: [REPORT] }]).run;
    expect(outcome).toEqual({ status: 'done', wakeId: expect.any(String), proposed: 0, turns: 1 });
    expect(await endings()).toEqual([]);
  });
});

/** The rows a wake writes for Activity when it ends without its report. */
const endings = async () =>
  (await db.auditMessages.where('kind').equals('observation').toArray())
    .filter((row) => row.payload.wakeEnded === true)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map(({ summary, outcome, runKey }) => ({ summary, outcome, runKey }));

describe('a wake that ends without its report leaves that in the trail', () => {
  it('a failure, in the words the panel said, with the wake’s operation key', async () => {
    const outcome = await wake([{ throws: httpError(500, { body: 'boom' }) }]).run;
    expect(await endings()).toEqual([
      {
        summary: `The wake failed: ${outcome.message}`,
        outcome: 'failure',
        runKey: `wake:${(await db.wakes.toArray())[0]!.id}`,
      },
    ]);
  });

  it('a failure after earlier turns proposed, beside what they proposed', async () => {
    await wake([
      { toolCalls: [{ name: 'update_task_priority', args: { priority: 'P0' } }] },
      { cutAfterToolCallStart: { name: 'update_task_estimate', partialArgs: '{"minu' } },
    ]).run;
    expect(await endings()).toMatchObject([
      {
        summary: expect.stringMatching(
          /^The wake failed: The connection to the AI provider dropped/,
        ),
      },
    ]);
    expect(await items()).toHaveLength(1);
  });

  it('words without a tool, an empty answer after a proposal, and every turn used', async () => {
    await wake([{ text: 'All looks fine to me.' }]).run;
    await wake([
      { toolCalls: [{ name: 'update_task_priority', args: { priority: 'P0' } }] },
      { text: '' },
    ]).run;
    await wake(
      Array.from({ length: 8 }, () => ({
        toolCalls: [{ name: 'update_task_estimate', args: { minutes: -1 } }],
      })),
    ).run;
    expect((await endings()).map(({ summary, outcome }) => [summary, outcome])).toEqual([
      ['The model answered in words, without a tool, so nothing was proposed.', 'noop'],
      ["The model's answer in turn 2 was empty: no text and no tool call.", 'noop'],
      ['Stopped at 8 turns, without a report.', 'noop'],
    ]);
  });
});

describe('provider failures end the wake with words a person understands', () => {
  it.each([
    ['401', httpError(401), 'unauthorized'],
    ['403', httpError(403), 'forbidden'],
    ['500', httpError(500, { body: 'boom' }), 'server-error'],
    [
      'a model without tool calling',
      httpError(400, { body: '{"error":{"message":"model does not support tools"}}' }),
      'no-tool-support',
    ],
    ['the network', new TypeError('Failed to fetch'), 'unreachable'],
  ])('%s', async (_label, error, kind) => {
    const { run, progress } = wake([{ throws: error }]);
    const outcome = await run;
    expect(outcome).toMatchObject({ status: 'failed', kind, proposed: 0 });
    expect(outcome.message!.length).toBeGreaterThan(20);
    expect(progress.at(-1)).toMatchObject({ type: 'failed', kind });
    expect((await db.wakes.toArray())[0]).toMatchObject({
      status: 'failed',
      error: outcome.message,
    });
  });

  it('waits out a short Retry-After on 429 and carries on', async () => {
    const waited: number[] = [];
    const { run, progress } = wake(
      [{ throws: httpError(429, { headers: { 'retry-after': '2' } }) }, { toolCalls: [REPORT] }],
      {
        sleep: async (milliseconds) => void waited.push(milliseconds),
      },
    );
    expect((await run).status).toBe('done');
    expect(waited).toEqual([2000]);
    expect(progress).toContainEqual(expect.objectContaining({ type: 'waiting', seconds: 2 }));
  });

  it('gives up on a long Retry-After and says when to try again', async () => {
    const outcome = await wake([{ throws: httpError(429, { headers: { 'retry-after': '600' } }) }])
      .run;
    expect(outcome).toMatchObject({ status: 'failed', kind: 'rate-limited' });
  });

  it('keeps the proposals flushed before a stream cut and never a half-streamed call', async () => {
    const outcome = await wake([
      { toolCalls: [{ name: 'update_task_priority', args: { priority: 'P0' } }] },
      { cutAfterToolCallStart: { name: 'update_task_estimate', partialArgs: '{"minu' } },
    ]).run;
    expect(outcome).toMatchObject({ status: 'failed', kind: 'stream-cut' });
    expect((await items()).map((item) => item.toolName)).toEqual(['update_task_priority']);
  });

  it('treats a stream that ends without finishing as cut', async () => {
    const outcome = await wake([
      {
        toolCalls: [{ name: 'update_task_priority', args: { priority: 'P0' } }],
        finishWithout: true,
      },
    ]).run;
    expect(outcome.status).toBe('failed');
    expect(await items()).toHaveLength(0);
  });
});

describe('wake control', () => {
  it('runs one wake per task at a time and says why not', async () => {
    const slow = wake([
      { toolCalls: [{ name: 'update_task_priority', args: { priority: 'P0' } }] },
      { toolCalls: [REPORT] },
    ]);
    const second = await wake([{ toolCalls: [REPORT] }]).run;
    const first = await slow.run;
    expect([first.status, second.status].sort()).toEqual(['busy', 'done']);
  });

  it('stops when cancelled and records the wake as cancelled', async () => {
    const controller = new AbortController();
    const { model } = scriptedModel([]);
    model.doStream = async () => {
      controller.abort();
      throw new DOMException('The operation was aborted.', 'AbortError');
    };
    const outcome = await runWake({
      db,
      taskId: ids.taskId,
      model,
      providerLabel: 'x',
      signal: controller.signal,
      describeError: (error) => describeProviderError(error),
    });
    expect(outcome.status).toBe('cancelled');
    expect((await db.wakes.toArray())[0]!.status).toBe('cancelled');
    expect(await endings()).toMatchObject([
      { summary: 'The wake was cancelled before the agent finished.', outcome: 'noop' },
    ]);
  });

  it('sends nothing to the provider for a task outside the allowed categories', async () => {
    await allowAgentCategories(db, []);
    const { run, prompts, progress } = wake([{ toolCalls: [REPORT] }]);
    const outcome = await run;
    expect(outcome).toMatchObject({ status: 'denied', kind: 'policy', proposed: 0, turns: 0 });
    expect(outcome.message).toMatch(/may not act on tasks in "Work", so nothing was sent/);
    expect(prompts).toHaveLength(0);
    expect(progress).toEqual([{ type: 'failed', kind: 'policy', message: outcome.message }]);
    expect(await db.wakes.count()).toBe(0);
  });

  it('sends nothing for a task without a category, or whose category was deleted', async () => {
    await userWrite(db, 'delete_category', { id: ids.categoryId });
    const { run, prompts } = wake([{ toolCalls: [REPORT] }]);
    expect((await run).message).toMatch(/has no category/);
    expect(prompts).toHaveLength(0);
  });

  it('denies an immediate tool when the category is disallowed during the wake, and tells the model', async () => {
    const { model, prompts } = scriptedModel([
      { toolCalls: [{ name: 'set_task_language', args: { languageCode: 'de' } }] },
      { toolCalls: [REPORT] },
    ]);
    const stream = model.doStream.bind(model);
    model.doStream = async (options) => {
      if (prompts.length === 0) await allowAgentCategories(db, []);
      return stream(options);
    };
    await runWake({
      db,
      taskId: ids.taskId,
      model,
      providerLabel: 'x',
      describeError: (error) => describeProviderError(error),
    });
    expect(toolResultsIn(prompts[1])[0]).toMatch(/^Denied: the agent is not allowed/);
    expect((await task()).languageCode).toBeUndefined();
  });

  it('says the task is gone when it was deleted', async () => {
    await userWrite(db, 'delete_task', {}, { taskId: ids.taskId });
    expect((await wake([{ toolCalls: [REPORT] }]).run).status).toBe('missing');
  });
});

describe('staleness data on each item', () => {
  it('keeps the values of the fields it changes, as they were when proposed', async () => {
    await userWrite(db, 'update_task_estimate', { minutes: 45 }, { taskId: ids.taskId });
    await wake([
      {
        toolCalls: [
          { name: 'update_task_estimate', args: { minutes: 90 } },
          { name: 'add_multiple_checklist_items', args: { items: [{ title: 'New' }] } },
        ],
      },
      { toolCalls: [REPORT] },
    ]).run;
    const [estimate, added] = await items();
    expect(estimate).toMatchObject({ base: { estimateMinutes: 45 }, baseRev: (await task()).rev });
    expect(added!.base).toEqual({});
  });
});
