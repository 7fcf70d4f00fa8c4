import { describe, expect, it } from 'vitest';
import { remoteDecision } from '../../../test/support/claim-push';
import { stamp, taskRow } from '../../../test/support/factories';
import { RECEIVED_COUNTER_MAX } from '../../domain/limits';
import { rowProblem } from './synced-row-schemas';

const NOW = '2026-11-27T08:00:00.000Z';
const base = (id: string) => ({ id, ...stamp(NOW, 1, 'other') });
const task = (change: Record<string, unknown> = {}) => ({ ...taskRow(), ...change });
const changeSet = (id: string) => ({
  ...base(id),
  agentId: 'default-agent',
  taskId: 'task-1',
  runKey: 'wake:1',
  status: 'pending',
  counts: { total: 1, pending: 1, expired: 0, waiting: 1 },
});
const decision = (changeSetId: string) => remoteDecision('decision-1', changeSetId, NOW);
const report = (change: Record<string, unknown> = {}) => ({
  ...base('default-agent:task-1'),
  agentId: 'default-agent',
  taskId: 'task-1',
  oneLiner: 'On track.',
  tldr: 'Two steps left.',
  content: '## Status\nFine.',
  ...change,
});
const observation = (change: Record<string, unknown> = {}) => ({
  ...base('observation-1'),
  agentId: 'default-agent',
  taskId: 'task-1',
  text: 'Depends on the letter.',
  priority: 'normal',
  category: 'dependency',
  ...change,
});

describe('a row from another device', () => {
  it('is accepted when an import would accept it', () => {
    expect(rowProblem('tasks', task())).toBeUndefined();
    expect(
      rowProblem('changeSets', changeSet('5f0c6f3e-1b2a-4c1d-9e8f-0a1b2c3d4e5f')),
    ).toBeUndefined();
    expect(rowProblem('decisions', decision('set-1'))).toBeUndefined();
    expect(rowProblem('reports', report())).toBeUndefined();
    expect(rowProblem('observations', observation())).toBeUndefined();
  });

  it('is refused with a rev or clock counter that would leave it uneditable, as in an import', () => {
    expect(rowProblem('tasks', task({ rev: 2 ** 31 - 1 }))).toMatch(
      /its rev 2147483647 is above 1073741824/,
    );
    expect(
      rowProblem('tasks', task({ vectorClock: { 'factory-device': RECEIVED_COUNTER_MAX + 1 } })),
    ).toMatch(/vector clock counter for device "factory-device" is above/);
  });

  it('is refused when its change set id could never be a sync subject', () => {
    expect(rowProblem('changeSets', changeSet('evil.set'))).toMatch(
      /id .*must be 1-100 letters, digits, "-" or "_" to be used in a sync subject/,
    );
    expect(rowProblem('decisions', decision('evil.set'))).toMatch(/changeSetId/);
    expect(rowProblem('changeSets', changeSet('cs.*.>'))).toBeDefined();
  });

  it("is refused when the agent's report or an observation breaks update_report's limits", () => {
    expect(rowProblem('reports', report({ content: 'x'.repeat(8_001) }))).toMatch(
      /"content" is at most 8000 characters/,
    );
    expect(rowProblem('reports', report({ oneLiner: 'Paid \u202Efdp.exe' }))).toMatch(
      /invisible direction marks/,
    );
    expect(rowProblem('observations', observation({ text: 'y'.repeat(1_001) }))).toMatch(
      /at most 1000 characters/,
    );
    expect(rowProblem('observations', observation({ category: 'a\u2066b' }))).toMatch(
      /invisible direction marks/,
    );
  });
});
