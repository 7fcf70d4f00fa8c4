import { describe, expect, it } from 'vitest';
import type { InboxRow } from '../../../db/queries/review-proposals';
import { stuckRowAt } from './inbox-stuck-heading';

/** Two tasks: a heading row of 150 px and a row of 70 px each, then the second task's. */
const placed = [
  { index: 0, start: 0, end: 150 },
  { index: 1, start: 150, end: 220 },
  { index: 2, start: 220, end: 370 },
];
const rows = new Map<number, InboxRow>(
  [
    { index: 0, startsGroup: true, taskTitle: 'First' },
    { index: 1, startsGroup: false, taskTitle: 'First' },
    { index: 2, startsGroup: true, taskTitle: 'Second' },
  ].map((row) => [row.index, row as unknown as InboxRow]),
);
const at = (line: number) => stuckRowAt(placed, line, (index) => rows.get(index))?.taskTitle;

describe('the stuck task heading', () => {
  it('is absent while a task’s own heading is in view', () => {
    expect(at(0)).toBeUndefined();
    expect(at(10)).toBeUndefined();
    expect(at(230)).toBeUndefined();
  });

  it('names the task whose rows are at the line once its heading has gone above', () => {
    expect(at(60)).toBe('First');
    expect(at(180)).toBe('First');
    expect(at(300)).toBe('Second');
  });

  it('is absent at a place not read yet, and past the end', () => {
    expect(stuckRowAt(placed, 180, () => undefined)).toBeUndefined();
    expect(at(400)).toBeUndefined();
  });
});
