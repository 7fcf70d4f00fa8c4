import { describe, expect, it } from 'vitest';
import { changesOfCall, matchesChange } from './match-change';

const ids = new Map([['label:Urgent', 'label-1']]);

describe('matching a change', () => {
  it('reads a call by its real tool, and a batch as its items', () => {
    expect(changesOfCall('set_estimate', '{"minutes": "120"}')).toEqual([
      { tool: 'update_task_estimate', args: { minutes: '120' } },
    ]);
    expect(changesOfCall('assign_task_labels', { labels: [{ id: 'label-1' }, 'x'] })).toEqual([
      { tool: 'assign_task_label', args: { id: 'label-1' } },
      { tool: 'assign_task_label', args: { value: 'x' } },
    ]);
    expect(changesOfCall('Delete_Task', 'not json')).toEqual([{ tool: 'delete_task', args: {} }]);
  });

  it('takes any wording of a value, but not another value', () => {
    const blocked = {
      says: 'BLOCKED',
      tools: ['set_task_status'],
      args: { status: 'IN PROGRESS' },
    };
    expect(
      matchesChange(blocked, { tool: 'set_task_status', args: { status: 'in_progress' } }, ids),
    ).toBe(true);
    expect(
      matchesChange(blocked, { tool: 'set_task_status', args: { status: 'BLOCKED' } }, ids),
    ).toBe(false);
    const range = {
      says: '2 h',
      tools: ['update_task_estimate'],
      args: { minutes: { min: 90, max: 150 } },
    };
    expect(
      matchesChange(range, { tool: 'update_task_estimate', args: { minutes: '120' } }, ids),
    ).toBe(true);
    expect(matchesChange(range, { tool: 'update_task_estimate', args: { minutes: 60 } }, ids)).toBe(
      false,
    );
  });

  it('finds mentions (either word of a|b, a seeded row by its id) outside the rationale', () => {
    const reason = { says: 'why', tools: ['set_task_status'], mentions: ['security|firewall'] };
    const change = (args: Record<string, unknown>) => ({ tool: 'set_task_status', args });
    expect(matchesChange(reason, change({ reason: 'Firewall change pending' }), ids)).toBe(true);
    expect(matchesChange(reason, change({ reason: 'Waiting', rationale: 'security' }), ids)).toBe(
      false,
    );
    const urgent = { says: 'Urgent', tools: ['assign_task_label'], mentions: ['#label:Urgent'] };
    expect(matchesChange(urgent, { tool: 'assign_task_label', args: { id: 'label-1' } }, ids)).toBe(
      true,
    );
    expect(matchesChange(urgent, { tool: 'assign_task_label', args: { id: 'Urgent' } }, ids)).toBe(
      false,
    );
  });

  it('reads "*" as any change to the journal, never the report', () => {
    const any = { says: 'any change', tools: ['*'] };
    expect(matchesChange(any, { tool: 'update_task_due_date', args: {} }, ids)).toBe(true);
    expect(matchesChange(any, { tool: 'update_report', args: {} }, ids)).toBe(false);
    expect(matchesChange(any, { tool: 'record_observations', args: {} }, ids)).toBe(false);
  });
});
