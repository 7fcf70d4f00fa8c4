import { describe, expect, it } from 'vitest';
import { WakeAudit } from './wake-audit';

describe('WakeAudit', () => {
  it('gives calls made in the same millisecond times in the order they were made', () => {
    const audit = new WakeAudit(
      { operationKey: 'wake:1', taskId: 'task-1', source: 'agent' },
      () => '2026-11-23T10:00:00.000Z',
    );
    audit.thought(1, 'Reading the task.');
    audit.call(
      { toolCallId: 'c1', toolName: 'write_report', input: { oneLiner: 'x', content: 'y' } },
      { toolName: 'write_report', outcome: 'noted', output: 'Saved.' },
    );
    audit.call(
      { toolCallId: 'c2', toolName: 'add_observation', input: { content: 'z' } },
      { toolName: 'add_observation', outcome: 'noted', output: 'Saved.' },
    );
    const times = audit.take().map((entry) => Date.parse(entry.draft.now));
    expect(times).toHaveLength(3);
    // The thought holds one entry; each call an action and its result (two milliseconds).
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(2);
  });
});
