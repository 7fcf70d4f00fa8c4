import { describe, expect, it } from 'vitest';
import { hiddenTwinIds, type TwinFields } from './proposal-twins';

const T0 = '2026-11-27T08:00:00.000Z';
const T1 = '2026-11-27T08:05:00.000Z';
const T2 = '2026-11-27T08:10:00.000Z';

function item(id: string, fields: Partial<TwinFields> = {}): TwinFields {
  return {
    id,
    taskId: 'task-1',
    fingerprint: 'update_task_priority:{"priority":"P1"}',
    changeSetId: id.split(':')[0]!,
    status: 'pending',
    proposedAt: T0,
    updatedAt: T0,
    ...fields,
  };
}

const hidden = (items: TwinFields[]) => [...hiddenTwinIds(items)].sort();

describe('twins (decision 0016)', () => {
  it('shows the earliest of two waiting twins, whatever order they are given in', () => {
    const laptop = item('laptop-set:0', { proposedAt: T1 });
    const agent = item('agent-set:0', { proposedAt: T0 });
    expect(hidden([laptop, agent])).toEqual(['laptop-set:0']);
    expect(hidden([agent, laptop])).toEqual(['laptop-set:0']);
  });

  it('breaks a tie of times by id', () => {
    expect(hidden([item('b-set:0'), item('a-set:0')])).toEqual(['b-set:0']);
  });

  it('leaves repeats inside one set alone, and items of other tasks or fingerprints', () => {
    expect(hidden([item('set:0'), item('set:1')])).toEqual([]);
    expect(hidden([item('a-set:0'), item('b-set:0', { taskId: 'task-2' })])).toEqual([]);
    expect(hidden([item('a-set:0'), item('b-set:0', { fingerprint: 'other' })])).toEqual([]);
  });

  it('hides a waiting twin once the other was decided after it was proposed', () => {
    const decided = item('a-set:0', {
      status: 'confirmed',
      proposedAt: T1,
      fieldWrites: { status: { at: T2, by: 'tablet' } },
    });
    expect(hidden([decided, item('b-set:0', { proposedAt: T1 })])).toEqual(['b-set:0']);
    expect(hidden([item('b-set:0', { proposedAt: T0 }), decided])).toEqual(['b-set:0']);
  });

  it('shows a proposal made after its twin was decided: a change proposed anew', () => {
    const decided = item('a-set:0', {
      status: 'rejected',
      fieldWrites: { status: { at: T1, by: 'tablet' } },
    });
    expect(hidden([decided, item('b-set:0', { proposedAt: T2 })])).toEqual([]);
  });

  it('lets a hidden twin hide nothing: a change proposed anew after expiry waits once', () => {
    const expired = item('a-set:0', { status: 'expired', updatedAt: T1 });
    const hiddenTwin = item('b-set:0', { proposedAt: T0 });
    const anew = item('c-set:0', { proposedAt: T2 });
    expect(hidden([anew, hiddenTwin, expired])).toEqual(['b-set:0']);
  });

  it('ignores deleted items', () => {
    expect(hidden([item('a-set:0', { deletedAt: T1 }), item('b-set:0')])).toEqual([]);
  });
});
