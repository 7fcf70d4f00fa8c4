/**
 * What a hostile model or a failing device did to a wake (docs/decisions/0003): each case as the
 * person or the model meets it, through runWake with a scripted model.
 */
import { describe, expect, it } from 'vitest';
import { toolResultsIn, type ScriptedTurn } from '../../test/support/scripted-model';
import { itemsOfTask, propose } from '../../test/support/proposals';
import { setUpWakeFixture } from '../../test/support/wake-fixture';
import { rejectItem } from '../confirmation/reject-item';
import { MAX_TURNS } from './system-prompt';
import { MAX_TURN_OUTPUT_CHARACTERS } from './turn-output-cap';

const fixture = setUpWakeFixture();
const { wake } = fixture;

const PRIORITY = { name: 'update_task_priority', args: { priority: 'P1' } };

function nested(levels: number): string {
  let text = '"deep"';
  for (let level = 0; level < levels; level++) text = `{"a":${text}}`;
  return text;
}

describe('a rejected proposal stays rejected whatever its whitespace', () => {
  it.each([
    ['leading and trailing spaces', '  Waiting for the keys '],
    ['a tab and a newline', '\tWaiting for the keys\n'],
  ])('%s: skipped, and the model is told it was rejected', async (_label, variant) => {
    const set = await propose(fixture.db, fixture.ids.taskId, [
      { name: 'set_task_status', args: { status: 'BLOCKED', reason: 'Waiting for the keys' } },
    ]);
    await rejectItem(fixture.db, set.id, 0, { reason: 'Not blocked' });
    const { run, prompts } = wake([
      { toolCalls: [{ name: 'set_task_status', args: { status: 'blocked', reason: variant } }] },
      { text: 'Done.' },
    ]);
    expect((await run).status).toBe('done');
    expect(toolResultsIn(prompts[1])[0]).toMatch(/Skipped: .*the user rejected this before/s);
    expect(
      (await itemsOfTask(fixture.db, fixture.ids.taskId)).filter(
        (item) => item.status === 'pending',
      ),
    ).toEqual([]);
  });
});

describe('arguments nested 5,000 levels deep', () => {
  it('get a teaching error and an audit record, and the wake goes on', async () => {
    const { run, prompts } = wake([
      { toolCalls: [{ name: 'update_task_estimate', args: nested(5_000) }] },
      { toolCalls: [PRIORITY] },
      { text: 'Done.' },
    ]);
    const outcome = await run;
    expect(outcome.status).toBe('done');
    expect(toolResultsIn(prompts[1])[0]).toBe(
      'The arguments of update_task_estimate nest deeper than 16 levels; send a flat object as the schema shows, for example {"minutes":90}.',
    );
    expect(await itemsOfTask(fixture.db, fixture.ids.taskId)).toMatchObject([
      { toolName: 'update_task_priority' },
    ]);
    const audited = await fixture.db.auditMessages
      .where('runKey')
      .equals(`wake:${outcome.wakeId}`)
      .toArray();
    const result = audited.find(
      (message) => message.kind === 'toolResult' && message.summary.includes('nest deeper'),
    );
    expect(result).toMatchObject({ outcome: 'failure', toolName: 'update_task_estimate' });
  });
});

describe('turns', () => {
  it('records a wake that uses every turn as that many turns', async () => {
    const turns = Array.from({ length: MAX_TURNS + 2 }, (_, index) => ({
      toolCalls: [{ name: 'update_task_estimate', args: { minutes: 10 + index } }],
    }));
    const outcome = await wake(turns).run;
    expect(outcome.turns).toBe(MAX_TURNS);
    expect((await fixture.db.wakes.get(outcome.wakeId!))?.turns).toBe(MAX_TURNS);
  });
});

describe('what a hostile wake can write to the audit trail', () => {
  const MEGABYTE = 'x'.repeat(1024 * 1024);
  const hostileTurn = (index: number): ScriptedTurn => ({
    // Words up to the turn's output cap: a longer answer is stopped (endless-output.test.ts).
    text: MEGABYTE.slice(0, MAX_TURN_OUTPUT_CHARACTERS),
    toolCalls: [
      { name: `${MEGABYTE}${index}`, args: {} },
      { name: 'update_task_estimate', args: { minutes: 30, junk: MEGABYTE } },
      ...Array.from({ length: 23 }, (_, call) => ({
        name: 'set_task_language',
        args: { languageCode: `${call}${MEGABYTE}` },
      })),
    ],
  });

  it('keeps every row under 4 kB and the wake under its budget, and says what it left out', async () => {
    const turns = Array.from({ length: MAX_TURNS }, (_, index) => hostileTurn(index));
    const outcome = await wake(turns).run;
    expect(outcome.status).toBe('done');
    const rows = await fixture.db.auditMessages
      .where('runKey')
      .equals(`wake:${outcome.wakeId}`)
      .toArray();
    // dispatch() audits the immediate calls under the wake's operation key too.
    expect(rows.some((row) => row.toolName === 'set_task_language')).toBe(true);
    const sizes = rows.map((row) => new TextEncoder().encode(JSON.stringify(row)).length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(4_096);
    // The budget counts the entries (64 kB); each row's own fields add a little.
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThan(128 * 1024);
    const leftOut = rows.filter((row) => row.summary.includes('more calls not stored'));
    expect(leftOut.length).toBeGreaterThan(0);
    expect(leftOut[0]!.summary).toMatch(
      /^… \d+ more calls not stored: this wake reached its audit budget \(64 kB\)/,
    );
  });
});

describe('storage failing during a wake', () => {
  it('names storage, not the provider, and says nothing waits when nothing was saved', async () => {
    fixture.db.changeItems.hook('creating', () => {
      throw new DOMException('The quota was exceeded.', 'QuotaExceededError');
    });
    const outcome = await wake([{ toolCalls: [PRIORITY] }, { text: 'Done.' }]).run;
    expect(outcome).toMatchObject({ status: 'failed', kind: 'storage', proposed: 0 });
    expect(outcome.message).toMatch(/^Countersign could not save the agent's proposals/);
    expect(outcome.message).toMatch(/Nothing from that turn is waiting for review\.$/);
    expect(outcome.message).not.toMatch(/Test provider|is waiting for your review/);
  });

  it('releases the task when the wake record cannot be saved at the end', async () => {
    fixture.db.wakes.hook('updating', () => {
      throw new Error('The disk went away.');
    });
    const first = await wake([{ text: 'Done.' }]).run;
    expect(first).toMatchObject({ status: 'failed', kind: 'storage' });
    expect(first.message).toMatch(/could not save its report/);
    // Its row could not even be marked failed; the lock is free all the same.
    expect((await fixture.db.wakes.get(first.wakeId!))?.status).toBe('running');
    const second = await wake([{ text: 'Done.' }]).run;
    expect(second.status).not.toBe('busy');
  });
});
