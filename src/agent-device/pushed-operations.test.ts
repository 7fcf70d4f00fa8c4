import { describe, expect, it } from 'vitest';
import { boundPushed, nextPushed, pushedIds, pushedSchema } from './pushed-operations';

describe("the agent device's pushed operations", () => {
  it('reads a list stored before bounds were kept, and bounds it at the head a start read', () => {
    const stored = pushedSchema.parse(['op-1', 'op-2']);
    expect(boundPushed(stored, 120)).toEqual([
      { id: 'op-1', bound: 120 },
      { id: 'op-2', bound: 120 },
    ]);
    expect(boundPushed([{ id: 'op-0', bound: 7 }, 'op-3'], 120)).toEqual([
      { id: 'op-0', bound: 7 },
      { id: 'op-3', bound: 120 },
    ]);
  });

  it('drops what lies at or below a snapshot it passed, keeps the rest and adds new pushes once', () => {
    const pushed = [{ id: 'op-1', bound: 100 }, { id: 'op-2', bound: 250 }, 'op-3'];
    const next = nextPushed(pushed, ['op-2', 'op-3', 'op-4'], 200);
    expect(next).toEqual([{ id: 'op-2', bound: 250 }, 'op-3', 'op-4']);
    expect(pushedIds(next)).toEqual(['op-2', 'op-3', 'op-4']);
    expect(nextPushed(pushed, [], 0)).toEqual(pushed);
    expect(nextPushed([], ['op-5'], 200, 300)).toEqual([{ id: 'op-5', bound: 300 }]);
  });

  it('refuses a stored entry that is neither an id nor an id with its bound', () => {
    expect(pushedSchema.safeParse([{ id: 'op-1' }]).success).toBe(false);
    expect(pushedSchema.safeParse([{ id: 'op-1', bound: -1 }]).success).toBe(false);
  });
});
