import { describe, expect, it } from 'vitest';
import type { AuditMessage } from '../../domain/audit';
import { groupActivity } from './group-activity';

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

const summaries = (entries: ReturnType<typeof groupActivity>) =>
  entries.map((entry) => [entry.action?.summary, entry.result?.summary, entry.note?.summary]);

describe('groupActivity', () => {
  it('makes one entry of an action and its result, newest operation first', () => {
    const first = [
      message('action', { operationId: 'a', summary: 'Set title' }),
      message('toolResult', { operationId: 'a', summary: 'Title set.', outcome: 'success' }),
    ];
    const second = [
      message('action', { operationId: 'b', summary: 'Set estimate' }),
      message('policyDenied', { operationId: 'b', summary: 'Denied.', outcome: 'denied' }),
    ];
    const entries = groupActivity({ messages: [...second, ...first].reverse(), related: [] });
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
    expect(summaries(groupActivity({ messages, related: [] }))).toEqual([
      ['try 2', 'applied', undefined],
      ['try 1', 'failed', undefined],
    ]);
  });

  it('completes an operation from related messages without listing them on their own', () => {
    const action = message('action', { operationId: 'a', summary: 'Set title' });
    const result = message('toolResult', { operationId: 'a', summary: 'Title set.' });
    const olderOperation = message('action', { operationId: 'b', summary: 'Older' });
    expect(
      summaries(groupActivity({ messages: [result], related: [action, olderOperation] })),
    ).toEqual([['Set title', 'Title set.', undefined]]);
  });

  it('lists thoughts, observations and results without an action on their own', () => {
    const messages = [
      message('thought', { summary: 'The estimate looks low.' }),
      message('toolResult', { operationId: 'lost', summary: 'orphan' }),
    ];
    expect(summaries(groupActivity({ messages, related: [] }))).toEqual([
      [undefined, 'orphan', undefined],
      [undefined, undefined, 'The estimate looks low.'],
    ]);
  });
});
