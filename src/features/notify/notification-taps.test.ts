import { describe, expect, it } from 'vitest';
import { taskPathOf } from './notification-taps';

describe('taskPathOf', () => {
  it('opens the task page a tapped notification names', () => {
    expect(taskPathOf({ type: 'countersign:open', path: '/tasks/t%201' })).toBe('/tasks/t%201');
  });

  it('ignores any other message, and any other page', () => {
    for (const data of [
      null,
      'open',
      { type: 'other', path: '/tasks/t1' },
      { type: 'countersign:open', path: '//evil.example/tasks/t1' },
      { type: 'countersign:open', path: '/settings' },
      { type: 'countersign:open', path: '/tasks/t1/../../x' },
      { type: 'countersign:open', path: 7 },
    ])
      expect(taskPathOf(data)).toBeUndefined();
  });
});
