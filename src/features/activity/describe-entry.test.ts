import { describe, expect, it } from 'vitest';
import type { ProposalFate } from '../../db/queries/activity-proposal-fates';
import type { AuditMessage } from '../../domain/audit';
import { describeEntry, describeWake, type EntryWords } from './describe-entry';
import type { ActivityEntry } from './group-activity';

const AT = '2026-05-04T09:00:00.000Z';

/** An operation as the trail records it: an action, and the result when there is one. */
function operation(
  fields: Pick<AuditMessage, 'source'> & Partial<AuditMessage>,
  result?: Partial<AuditMessage>,
): ActivityEntry {
  const base = {
    operationId: 'operation-1',
    toolName: 'update_task_estimate',
    payload: {},
    createdAt: AT,
    ...fields,
  };
  return {
    key: 'action',
    at: AT,
    action: { id: 'action', kind: 'action', summary: 'Set estimate to 90 minutes', ...base },
    ...(result && {
      result: {
        id: 'result',
        kind: 'toolResult',
        summary: 'Estimate set to 90 minutes.',
        outcome: 'success',
        ...base,
        ...result,
      },
    }),
  };
}

/** A deferred call of a wake, audited as the wake audits it: "Propose: <tool>", queued = success. */
function proposal(
  toolName: string,
  args: unknown,
  result: Partial<AuditMessage> = { outcome: 'success' },
): ActivityEntry {
  return operation(
    {
      source: 'agent',
      runKey: 'wake:1',
      operationId: 'wake:1:call-1',
      toolName,
      summary: `Propose: ${toolName}`,
      payload: { args: JSON.stringify(args) },
    },
    { summary: 'Proposal queued for user review.', ...result },
  );
}

function fate(status: ProposalFate['status'], patch: Partial<ProposalFate> = {}): ProposalFate {
  return {
    itemId: `set:${status}`,
    toolName: 'update_task_estimate',
    summary: 'Set estimate to 90 minutes',
    status,
    ...patch,
  };
}

const NONE = new Map<string, ProposalFate[]>();
const fates = (...items: ProposalFate[]) => new Map([['wake:1:call-1', items]]);
const labels = (words: EntryWords) => words.badges.map((badge) => badge.label);

describe('describeEntry', () => {
  it('says what a person did in words, and "Applied" for their own edit', () => {
    const words = describeEntry(operation({ source: 'user' }, {}), NONE);
    expect(words.title).toBe('You set estimate to 90 minutes');
    expect(labels(words)).toEqual(['Applied']);
    expect(words.detail).toBeUndefined();

    const checked = describeEntry(
      operation({ source: 'user', summary: 'Check off: "Milk"' }, {}),
      NONE,
    );
    expect(checked.title).toBe('You checked off "Milk"');
    const unknownVerb = describeEntry(
      operation({ source: 'user', summary: 'Never suggest label "Urgent" here' }, {}),
      NONE,
    );
    expect(unknownVerb.title).toBe('You: Never suggest label "Urgent" here');
  });

  it('says what was tried and why it did not happen', () => {
    const failed = describeEntry(
      operation(
        { source: 'user', summary: 'Set estimate to 5000 minutes' },
        { outcome: 'failure', summary: '"minutes" is at most 1440.' },
      ),
      NONE,
    );
    expect(failed.title).toBe('You tried to set estimate to 5000 minutes');
    expect(labels(failed)).toEqual(['Failed']);
    expect(failed.detail).toBe('"minutes" is at most 1440.');

    const denied = describeEntry(
      operation(
        { source: 'agent', toolName: 'set_task_language', summary: 'Set language to "de"' },
        { kind: 'policyDenied', outcome: 'denied', summary: 'Denied: no category.' },
      ),
      NONE,
    );
    expect(denied.title).toBe('The agent tried to set language to "de"');
    expect(labels(denied)).toEqual(['Denied']);

    const same = describeEntry(
      operation({ source: 'user' }, { outcome: 'noop', summary: 'Already 90 minutes.' }),
      NONE,
    );
    expect(labels(same)).toEqual(['No change']);
    expect(same.detail).toBe('Already 90 minutes.');
  });

  it('names confirmations, rules, undo and sync by what they were', () => {
    expect(describeEntry(operation({ source: 'confirmation' }, {}), NONE)).toMatchObject({
      title: 'Confirmed: Set estimate to 90 minutes',
      badges: [{ label: 'Confirmed' }],
    });
    expect(describeEntry(operation({ source: 'rule' }, {}), NONE)).toMatchObject({
      title: 'Applied without asking: Set estimate to 90 minutes',
      badges: [{ label: 'Confirmed' }],
    });
    expect(
      describeEntry(
        operation({ source: 'undo', summary: 'Undo: Set estimate to 90 minutes' }, {}),
        NONE,
      ),
    ).toMatchObject({ title: 'Undone: Set estimate to 90 minutes', badges: [{ label: 'Undone' }] });
    expect(describeEntry(operation({ source: 'sync' }, {}), NONE).title).toBe(
      'From another device: Set estimate to 90 minutes',
    );
  });

  it('marks a confirmation undone since', () => {
    const entry = operation({ source: 'confirmation', operationId: 'confirmed' }, {});
    const words = describeEntry(
      entry,
      new Map([['confirmed', [fate('undone', { decision: undefined })]]]),
    );
    expect(labels(words)).toEqual(['Confirmed', 'Undone']);
    expect(words.note).toBe('Undone since.');
  });

  it('says a queued proposal is "Proposed", never "Applied", until it is decided', () => {
    const entry = proposal('update_task_estimate', { minutes: 90 });
    const unknown = describeEntry(entry, NONE);
    expect(unknown.title).toBe('Agent proposed: Set estimate to 90 minutes');
    expect(labels(unknown)).toEqual(['Proposed']);
    expect(unknown.detail).toBeUndefined();

    const pending = describeEntry(entry, fates(fate('pending', { rationale: 'Two steps.' })));
    expect(labels(pending)).toEqual(['Proposed']);
    expect(pending.rationale).toBe('Two steps.');

    expect(labels(describeEntry(entry, fates(fate('confirmed'))))).toEqual(['Confirmed']);
    expect(labels(describeEntry(entry, fates(fate('expired'))))).toEqual(['Not reviewed']);
    const rejected = describeEntry(
      entry,
      fates(
        fate('rejected', {
          decision: {
            verdict: 'rejected',
            actor: 'user',
            decidedAt: AT,
            deviceId: 'device',
            rejectionReason: 'Too long',
          },
        }),
      ),
    );
    expect(labels(rejected)).toEqual(['Rejected']);
    expect(rejected.note).toBe('Your reason: Too long');
  });

  it('lists each item of a batch with its own badge, and counts them', () => {
    const entry = proposal('add_multiple_checklist_items', {
      items: [{ title: 'Rehearse' }, { title: 'Print' }, { title: 'Book' }],
    });
    const words = describeEntry(
      entry,
      fates(
        fate('pending', { itemId: 'a', summary: 'Add: "Rehearse"', rationale: 'Steps.' }),
        fate('confirmed', { itemId: 'b', summary: 'Add: "Print"', rationale: 'Steps.' }),
        fate('pending', { itemId: 'c', summary: 'Add: "Book"', rationale: 'Steps.' }),
      ),
    );
    expect(words.title).toBe('Agent proposed: Add 3 checklist items');
    expect(labels(words)).toEqual(['2 Proposed', 'Confirmed']);
    expect(words.rationale).toBe('Steps.');
    expect(words.items.map((item) => [item.summary, item.badge.label, item.rationale])).toEqual([
      ['Add: "Rehearse"', 'Proposed', undefined],
      ['Add: "Print"', 'Confirmed', undefined],
      ['Add: "Book"', 'Proposed', undefined],
    ]);
  });

  it('says a proposal was skipped or failed, with the answer the agent got', () => {
    const skipped = describeEntry(
      proposal(
        'update_task_estimate',
        { minutes: 90 },
        { outcome: 'noop', summary: 'Skipped: already waiting.' },
      ),
      NONE,
    );
    expect(labels(skipped)).toEqual(['Skipped']);
    expect(skipped.detail).toBe('Skipped: already waiting.');

    const invalid = describeEntry(
      proposal(
        'update_task_estimate',
        { minutes: 'lots' },
        { outcome: 'failure', summary: 'Expected a whole number.' },
      ),
      NONE,
    );
    expect(invalid.title).toBe('Agent proposed: Estimate');
    expect(labels(invalid)).toEqual(['Failed']);

    const invented = describeEntry(
      proposal('delete_everything', {}, { outcome: 'failure', summary: 'There is no tool.' }),
      NONE,
    );
    expect(invented.title).toBe('The agent tried to use "delete_everything"');
    expect(labels(invented)).toEqual(['Failed']);
    expect(invented.detail).toBe('There is no tool.');
  });

  it('says what the agent noted and thought', () => {
    const report = describeEntry(
      proposal('update_report', { oneLiner: 'On track', tldr: '', content: '' }),
      NONE,
    );
    expect(report.title).toBe('The agent noted: Report: On track');
    expect(labels(report)).toEqual(['Noted']);
    const observed = describeEntry(
      proposal('record_observations', { observations: [{ text: 'Blocks the release' }] }),
      NONE,
    );
    expect(observed.title).toBe('The agent recorded 1 observation');

    const long = `The entries describe ${'a long story '.repeat(20)}`;
    const thought: ActivityEntry = {
      key: 'thought',
      at: AT,
      note: {
        id: 'thought',
        kind: 'thought',
        source: 'agent',
        summary: long,
        payload: {},
        createdAt: AT,
      },
    };
    const words = describeEntry(thought, NONE);
    expect(words.title).toMatch(/^The agent noted: The entries describe a long story .*…$/);
    expect(words.title.length).toBeLessThan(150);
    expect(words.body).toBe(long.trim());
    expect(words.badges).toEqual([]);
  });
});

describe('describeWake', () => {
  it('counts what a wake did, what waits for the person first', () => {
    const steps = [
      describeEntry(
        operation(
          { source: 'agent', runKey: 'wake:1', toolName: 'set_task_language' },
          { outcome: 'success' },
        ),
        NONE,
      ),
      describeEntry(proposal('update_task_estimate', { minutes: 90 }), fates(fate('pending'))),
      describeEntry(proposal('update_report', { oneLiner: 'Ok', tldr: '', content: '' }), NONE),
      describeEntry(
        proposal('add_multiple_checklist_items', { items: [{ title: 'A' }, { title: 'B' }] }),
        fates(fate('pending', { itemId: 'a' }), fate('rejected', { itemId: 'b' })),
      ),
    ];
    expect(describeWake(steps).map((badge) => badge.label)).toEqual([
      '2 Proposed',
      '1 Rejected',
      '1 Applied',
      '1 Noted',
    ]);
  });
});
