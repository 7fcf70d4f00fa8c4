import { describe, expect, it } from 'vitest';
import { allowAgentCategories, userWrite } from '../../test/support/test-database';
import { httpError, scriptedModel, toolResultsIn } from '../../test/support/scripted-model';
import { REPORT_CALL, setUpWakeFixture } from '../../test/support/wake-fixture';
import { describeProviderError } from './providers/describe-provider-error';
import { runWake } from './run-wake';

// How a wake ends: malformed calls it survives, the turn cap, an ending without a report
// in the trail, provider failures in words, and wake control (one at a time, cancel, policy).
// run-wake.test.ts holds routing and the change set builder.

const fixture = setUpWakeFixture();
const { wake, items, task } = fixture;

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
      { toolCalls: [REPORT_CALL] },
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
      REPORT_CALL,
    ];
    const { run, prompts } = wake([{ toolCalls: calls }, { toolCalls: [REPORT_CALL] }]);
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
        toolCalls: [{ name: 'update_task_estimate', args: { minutes: 'two hours' } }, REPORT_CALL],
      },
      { toolCalls: [{ name: 'update_task_estimate', args: { minutes: 120 } }, REPORT_CALL] },
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
    const notes = await fixture.db.auditMessages.where('kind').equals('observation').toArray();
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
    const outcome = await wake([{ text: 'Done.', toolCalls: [REPORT_CALL] }]).run;
    expect(outcome).toEqual({ status: 'done', wakeId: expect.any(String), proposed: 0, turns: 1 });
    expect(await endings()).toEqual([]);
  });
});

/** The rows a wake writes for Activity when it ends without its report. */
const endings = async () =>
  (await fixture.db.auditMessages.where('kind').equals('observation').toArray())
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
        runKey: `wake:${(await fixture.db.wakes.toArray())[0]!.id}`,
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
    expect((await fixture.db.wakes.toArray())[0]).toMatchObject({
      status: 'failed',
      error: outcome.message,
    });
  });

  it('waits out a short Retry-After on 429 and carries on', async () => {
    const waited: number[] = [];
    const { run, progress } = wake(
      [
        { throws: httpError(429, { headers: { 'retry-after': '2' } }) },
        { toolCalls: [REPORT_CALL] },
      ],
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
      { toolCalls: [REPORT_CALL] },
    ]);
    const second = await wake([{ toolCalls: [REPORT_CALL] }]).run;
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
      db: fixture.db,
      taskId: fixture.ids.taskId,
      model,
      providerLabel: 'x',
      signal: controller.signal,
      describeError: (error) => describeProviderError(error),
    });
    expect(outcome.status).toBe('cancelled');
    expect((await fixture.db.wakes.toArray())[0]!.status).toBe('cancelled');
    expect(await endings()).toMatchObject([
      { summary: 'The wake was cancelled before the agent finished.', outcome: 'noop' },
    ]);
  });

  it('sends nothing to the provider for a task outside the allowed categories', async () => {
    await allowAgentCategories(fixture.db, []);
    const { run, prompts, progress } = wake([{ toolCalls: [REPORT_CALL] }]);
    const outcome = await run;
    expect(outcome).toMatchObject({ status: 'denied', kind: 'policy', proposed: 0, turns: 0 });
    expect(outcome.message).toMatch(/may not act on tasks in "Work", so nothing was sent/);
    expect(prompts).toHaveLength(0);
    expect(progress).toEqual([{ type: 'failed', kind: 'policy', message: outcome.message }]);
    expect(await fixture.db.wakes.count()).toBe(0);
  });

  it('sends nothing for a task without a category, or whose category was deleted', async () => {
    await userWrite(fixture.db, 'delete_category', { id: fixture.ids.categoryId });
    const { run, prompts } = wake([{ toolCalls: [REPORT_CALL] }]);
    expect((await run).message).toMatch(/has no category/);
    expect(prompts).toHaveLength(0);
  });

  it('denies an immediate tool when the category is disallowed during the wake, and tells the model', async () => {
    const { model, prompts } = scriptedModel([
      { toolCalls: [{ name: 'set_task_language', args: { languageCode: 'de' } }] },
      { toolCalls: [REPORT_CALL] },
    ]);
    const stream = model.doStream.bind(model);
    model.doStream = async (options) => {
      if (prompts.length === 0) await allowAgentCategories(fixture.db, []);
      return stream(options);
    };
    await runWake({
      db: fixture.db,
      taskId: fixture.ids.taskId,
      model,
      providerLabel: 'x',
      describeError: (error) => describeProviderError(error),
    });
    expect(toolResultsIn(prompts[1])[0]).toMatch(/^Denied: the agent is not allowed/);
    expect((await task()).languageCode).toBeUndefined();
  });

  it('says the task is gone when it was deleted', async () => {
    await userWrite(fixture.db, 'delete_task', {}, { taskId: fixture.ids.taskId });
    expect((await wake([{ toolCalls: [REPORT_CALL] }]).run).status).toBe('missing');
  });
});
