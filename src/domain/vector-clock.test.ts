import { describe, expect, it } from 'vitest';
import { bumpClock, compareClocks, isCoveredBy, mergeClocks } from './vector-clock';

describe('vector clocks', () => {
  it('bump only the writing device', () => {
    expect(bumpClock({ a: 2, b: 1 }, 'a')).toEqual({ a: 3, b: 1 });
    expect(bumpClock({}, 'c')).toEqual({ c: 1 });
  });

  it('merge to the maximum of each device', () => {
    expect(mergeClocks({ a: 2, b: 1 }, { b: 4, c: 1 })).toEqual({ a: 2, b: 4, c: 1 });
  });

  it('order clocks: equal, before, after, concurrent', () => {
    expect(compareClocks({ a: 1 }, { a: 1 })).toBe('equal');
    expect(compareClocks({ a: 1 }, { a: 2 })).toBe('before');
    expect(compareClocks({ a: 2, b: 1 }, { a: 2 })).toBe('after');
    expect(compareClocks({ a: 2 }, { b: 1 })).toBe('concurrent');
  });

  it('know when an entity holds nothing newer than a known write', () => {
    expect(isCoveredBy({ a: 2 }, { a: 2 })).toBe(true);
    expect(isCoveredBy({ a: 3 }, { a: 2 })).toBe(false);
  });
});
