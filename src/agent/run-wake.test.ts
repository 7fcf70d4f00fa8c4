import { beforeEach, describe, expect, it } from 'vitest';
import type { CountersignDatabase } from '../db/database';
import { userWrite } from '../../test/support/test-database';
import { scriptedModel, toolResultsIn } from '../../test/support/scripted-model';
import { REPORT_CALL, setUpWakeFixture, type WakeFixture } from '../../test/support/wake-fixture';
import { writeChangeItems } from '../db/change-items';
import type { ChangeItem } from '../domain/change-set';
import { describeProviderError } from './providers/describe-provider-error';
import { runWake } from './run-wake';

const fixture = setUpWakeFixture();
const { wake, items, task } = fixture;
let db: CountersignDatabase;
let ids: WakeFixture['ids'];
beforeEach(() => {
  ({ db, ids } = fixture);
});

const REPORT = REPORT_CALL;

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
