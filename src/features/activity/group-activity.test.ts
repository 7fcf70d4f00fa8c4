import { describe, expect, it } from 'vitest';
import type { AuditMessage } from '../../domain/audit';
import { groupActivity, pairOperations, type ActivityItem } from './group-activity';

let second = 0;
function message(kind: AuditMessage['kind'], patch: Partial<AuditMessage> = {}): AuditMessage {
  second += 1;
  return {
    id: `message-${second}`,
    kind,
    source: 'user',
    summary: `${kind} ${second}`,
    payload: {},
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString(),
    ...patch,
  };
}

const summaries = (entries: ReturnType<typeof pairOperations>) =>
  entries.map((entry) => [entry.action?.summary, entry.result?.summary, entry.note?.summary]);

/** What each listed item is: a single entry by its first summary, or a wake by its entries'. */
const outline = (items: ActivityItem[]) =>
  items.map((item) =>
    item.type === 'entry'
      ? (item.entry.action ?? item.entry.note)?.summary
      : { [item.key]: item.wake.entries.map((entry) => (entry.action ?? entry.note)?.summary) },
  );

describe('pairOperations', () => {
  it('makes one entry of an action and its result, newest operation first', () => {
    const first = [
      message('action', { operationId: 'a', summary: 'Set title' }),
      message('toolResult', { operationId: 'a', summary: 'Title set.', outcome: 'success' }),
    ];
    const second = [
      message('action', { operationId: 'b', summary: 'Set estimate' }),
      message('policyDenied', { operationId: 'b', summary: 'Denied.', outcome: 'denied' }),
    ];
    const entries = pairOperations({ messages: [...second, ...first].reverse(), related: [] });
    expect(summaries(entries)).toEqual([
      ['Set estimate', 'Denied.', undefined],
      ['Set title', 'Title set.', undefined],
    ]);
    expect(entries[0]!.at).toBe(second[1]!.createdAt);
  });

  it('keeps each attempt of a retried operation apart', () => {
    const messages = [
      message('action', { operationId: 'a', summary: 'try 1' }),
      message('toolResult', { operationId: 'a', summary: 'failed', outcome: 'failure' }),
      message('action', { operationId: 'a', summary: 'try 2' }),
      message('toolResult', { operationId: 'a', summary: 'applied', outcome: 'success' }),
    ];
    expect(summaries(pairOperations({ messages, related: [] }))).toEqual([
      ['try 2', 'applied', undefined],
      ['try 1', 'failed', undefined],
    ]);
  });

  it('completes an operation from related messages without listing them on their own', () => {
    const action = message('action', { operationId: 'a', summary: 'Set title' });
    const result = message('toolResult', { operationId: 'a', summary: 'Title set.' });
    const olderOperation = message('action', { operationId: 'b', summary: 'Older' });
    expect(
      summaries(pairOperations({ messages: [result], related: [action, olderOperation] })),
    ).toEqual([['Set title', 'Title set.', undefined]]);
  });

  it('lists thoughts, observations and results without an action on their own', () => {
    const messages = [
      message('thought', { summary: 'The estimate looks low.' }),
      message('toolResult', { operationId: 'lost', summary: 'orphan' }),
    ];
    expect(summaries(pairOperations({ messages, related: [] }))).toEqual([
      [undefined, 'orphan', undefined],
      [undefined, undefined, 'The estimate looks low.'],
    ]);
  });
});

describe('groupActivity', () => {
  const wake = (id: string) => ({ runKey: `wake:${id}`, source: 'agent' as const, taskId: 'task' });

  it('makes one group of a wake, its steps in order, listed at its newest step', () => {
    const edit = [
      message('action', { operationId: 'edit', summary: 'Set title' }),
      message('toolResult', { operationId: 'edit', outcome: 'success' }),
    ];
    const woken = [
      message('thought', { ...wake('1'), summary: 'Reading.' }),
      message('action', { ...wake('1'), operationId: 'wake:1:a', summary: 'Propose: a' }),
      message('toolResult', { ...wake('1'), operationId: 'wake:1:a', outcome: 'success' }),
      message('action', { ...wake('1'), operationId: 'wake:1:b', summary: 'Propose: b' }),
      message('toolResult', { ...wake('1'), operationId: 'wake:1:b', outcome: 'noop' }),
    ];
    const later = [
      message('action', { operationId: 'confirm', source: 'confirmation', summary: 'Set a' }),
      message('toolResult', { operationId: 'confirm', source: 'confirmation' }),
    ];
    const items = groupActivity({ messages: [...edit, ...woken, ...later].reverse(), related: [] });
    expect(outline(items)).toEqual([
      'Set a',
      { 'wake:1': ['Reading.', 'Propose: a', 'Propose: b'] },
      'Set title',
    ]);
    const group = items[1]!;
    expect(group.type === 'wake' && group.wake.startedAt).toBe(woken[0]!.createdAt);
    expect(group.at).toBe(woken[4]!.createdAt);
  });

  it('completes a wake with its messages off the page, and keeps two wakes apart', () => {
    const first = [
      message('action', { ...wake('1'), operationId: 'wake:1:a', summary: 'Propose: a' }),
      message('toolResult', { ...wake('1'), operationId: 'wake:1:a' }),
    ];
    const second = [
      message('action', { ...wake('2'), operationId: 'wake:2:a', summary: 'Propose: c' }),
      message('toolResult', { ...wake('2'), operationId: 'wake:2:a' }),
      message('thought', { ...wake('2'), summary: 'Done.' }),
    ];
    const items = groupActivity({
      messages: [second[2]!, second[1]!, first[1]!],
      wakeMessages: [second[0]!],
      related: [first[0]!],
    });
    expect(outline(items)).toEqual([
      { 'wake:2': ['Propose: c', 'Done.'] },
      { 'wake:1': ['Propose: a'] },
    ]);
  });
});
