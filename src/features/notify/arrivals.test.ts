import { describe, expect, it } from 'vitest';
import { describeArrival, findArrivals, type WaitingSet } from './arrivals';

const set = (id: string, taskId: string, writer: string, waiting = 2): WaitingSet => ({
  id,
  taskId,
  madeElsewhere: writer !== 'me',
  counts: { total: waiting, pending: waiting, expired: 0, waiting },
});

describe('findArrivals', () => {
  it('reports sets from other devices, grouped by task, and never one already seen', () => {
    const arrivals = findArrivals(new Set(['seen']), [
      set('seen', 't1', 'other'),
      set('a', 't1', 'other', 3),
      set('b', 't1', 'agent', 1),
      set('c', 't2', 'other', 2),
    ]);
    expect(arrivals).toEqual([
      { taskId: 't1', changes: 4, changeSetId: 'b' },
      { taskId: 't2', changes: 2, changeSetId: 'c' },
    ]);
  });

  it('ignores sets this device made and sets with nothing waiting', () => {
    expect(findArrivals(new Set(), [set('mine', 't1', 'me'), set('done', 't2', 'x', 0)])).toEqual(
      [],
    );
  });
});

describe('describeArrival', () => {
  it('says how many and for which task', () => {
    expect(describeArrival(1, 'Fix login')).toEqual({
      title: '1 change to review',
      body: 'Proposed for “Fix login”. Tap to review.',
    });
    expect(describeArrival(3, undefined).title).toBe('3 changes to review');
  });
});
