import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AutoWakeWatch, WatchedEntity } from '../db/queries/agent';
import type { Wake } from '../domain/agent';
import type { WriteSource } from '../domain/write-source';
import type { AutoWakeDecision } from './auto-wake-rules';
import { AutoWakeScheduler } from './auto-wake-scheduler';

const NOW = Date.parse('2025-05-14T10:00:00.000Z');

beforeEach(() => vi.useFakeTimers({ now: NOW }));
afterEach(() => vi.useRealTimers());

const taskRow = (counter: number): WatchedEntity => ({
  table: 'tasks',
  id: 't1',
  vectorClock: { d: counter },
});
const entry = (id: string, counter = 1): WatchedEntity => ({
  table: 'entries',
  id,
  vectorClock: { d: counter },
});

/**
 * A snapshot in which each entity, as listed, is the last write of its own operation (by
 * the person unless `source` says otherwise). Operations the scheduler saw before may be
 * left out: it only looks for operations it has not seen.
 */
function watch(
  entities: WatchedEntity[],
  change: Partial<AutoWakeWatch> = {},
  source: WriteSource = 'user',
): AutoWakeWatch {
  return {
    taskId: 't1',
    enabled: true,
    configured: true,
    categoryAllowed: true,
    operations: entities.map((entity) => ({
      operationId: `${entity.table}:${entity.id}@${JSON.stringify(entity.vectorClock)}`,
      source,
      entities: [entity],
    })),
    latestWake: undefined,
    ...change,
  };
}

function wake(change: Partial<Wake>): Wake {
  return {
    id: 'w1',
    agentId: 'default-agent',
    taskId: 't1',
    runKey: 'wake:w1',
    status: 'running',
    startedAt: new Date(NOW).toISOString(),
    createdAt: new Date(NOW).toISOString(),
    updatedAt: new Date(NOW).toISOString(),
    rev: 1,
    vectorClock: {},
    ...change,
  };
}

function scheduler() {
  const wakes: string[] = [];
  const decisions: AutoWakeDecision[] = [];
  const instance = new AutoWakeScheduler({
    taskId: 't1',
    wake: (taskId) => wakes.push(taskId),
    onDecision: (decision) => decisions.push(decision),
    isVisible: () => true,
  });
  return { instance, wakes, decisions };
}

describe('AutoWakeScheduler', () => {
  it('does not treat opening the task as an edit', () => {
    const { instance, wakes } = scheduler();
    instance.observe(watch([taskRow(1)]), false);
    vi.advanceTimersByTime(10_000);
    expect(wakes).toEqual([]);
  });

  it('wakes once, 4 s after the last of several quick edits', () => {
    const { instance, wakes } = scheduler();
    instance.observe(watch([taskRow(1)]), false);
    instance.observe(watch([taskRow(2)]), false);
    vi.advanceTimersByTime(3_000);
    instance.observe(watch([taskRow(2), entry('e1')]), false);
    vi.advanceTimersByTime(3_999);
    expect(wakes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(wakes).toEqual(['t1']);
    vi.advanceTimersByTime(10_000);
    expect(wakes).toEqual(['t1']);
  });

  it('never wakes for the agent’s own writes, once its wake recorded them', () => {
    const { instance, wakes, decisions } = scheduler();
    instance.observe(watch([taskRow(1)]), false);
    // A wake starts, writes the task (clock 2) and finishes, recording that write.
    instance.observe(watch([taskRow(1)], { latestWake: wake({}) }), true);
    instance.observe(watch([taskRow(2)], { latestWake: wake({}) }), true);
    vi.advanceTimersByTime(4_000);
    expect(decisions.at(-1)).toEqual({ action: 'wait' });
    const done = wake({
      status: 'done',
      mutatedEntries: [{ table: 'tasks', id: 't1', vectorClock: { d: 2 } }],
    });
    instance.observe(watch([taskRow(2)], { latestWake: done }), false);
    vi.advanceTimersByTime(4_000);
    expect(decisions.at(-1)).toEqual({ action: 'drop', reason: 'own-write' });
    expect(wakes).toEqual([]);
  });

  it('wakes again for an edit the person made while the wake ran', () => {
    const { instance, wakes } = scheduler();
    instance.observe(watch([taskRow(1)]), false);
    instance.observe(watch([taskRow(1)], { latestWake: wake({}) }), true);
    instance.observe(watch([taskRow(1), entry('e1')], { latestWake: wake({}) }), true);
    vi.advanceTimersByTime(4_000);
    expect(wakes).toEqual([]);
    instance.observe(
      watch([taskRow(1), entry('e1')], { latestWake: wake({ status: 'done' }) }),
      false,
    );
    vi.advanceTimersByTime(4_000);
    expect(wakes).toEqual(['t1']);
  });

  it('forgets edits made before a wake started: that wake saw them', () => {
    const { instance, wakes } = scheduler();
    instance.observe(watch([taskRow(1)]), false);
    instance.observe(watch([taskRow(2)]), false);
    // The person woke the agent by hand within the 4 s.
    instance.observe(watch([taskRow(2)], { latestWake: wake({}) }), true);
    instance.observe(watch([taskRow(2)], { latestWake: wake({ status: 'done' }) }), false);
    vi.advanceTimersByTime(10_000);
    expect(wakes).toEqual([]);
  });

  it('waits for a wake running in another tab, but not for one that started over ten minutes ago', () => {
    const { instance, wakes, decisions } = scheduler();
    const elsewhere = wake({ id: 'other' });
    instance.observe(watch([taskRow(1)], { latestWake: elsewhere }), false);
    instance.observe(watch([taskRow(2)], { latestWake: elsewhere }), false);
    vi.advanceTimersByTime(4_000);
    expect(decisions.at(-1)).toEqual({ action: 'wait' });

    vi.setSystemTime(NOW + 11 * 60_000);
    instance.observe(watch([taskRow(3)], { latestWake: elsewhere }), false);
    vi.advanceTimersByTime(4_000);
    expect(wakes).toEqual(['t1']);
  });

  it('does not wait for a "running" wake whose lock is free (its final save failed)', () => {
    const { instance, wakes, decisions } = scheduler();
    const stuck = wake({ id: 'stuck' });
    instance.setLockHeld(true);
    instance.observe(watch([taskRow(1)], { latestWake: stuck }), false);
    instance.observe(watch([taskRow(2)], { latestWake: stuck }), false);
    vi.advanceTimersByTime(4_000);
    expect(decisions.at(-1)).toEqual({ action: 'wait' });

    instance.setLockHeld(false);
    instance.observe(watch([taskRow(3)], { latestWake: stuck }), false);
    vi.advanceTimersByTime(4_000);
    expect(wakes).toEqual(['t1']);
  });

  it('does not wake when off, without a model, or for a task the agent may not act on', () => {
    for (const change of [
      { enabled: false },
      { configured: false },
      { categoryAllowed: false },
    ] satisfies Partial<AutoWakeWatch>[]) {
      const { instance, wakes } = scheduler();
      instance.observe(watch([taskRow(1)], change), false);
      instance.observe(watch([taskRow(2)], change), false);
      vi.advanceTimersByTime(4_000);
      expect(wakes).toEqual([]);
    }
  });

  it('never wakes for a write the ledger says was not the person’s: the agent’s, a rule’s or a confirmation’s', () => {
    for (const source of ['agent', 'rule', 'confirmation'] satisfies WriteSource[]) {
      const { instance, wakes, decisions } = scheduler();
      instance.observe(watch([taskRow(1)]), false);
      instance.observe(watch([taskRow(2)], {}, source), false);
      vi.advanceTimersByTime(4_000);
      expect(decisions.at(-1)).toEqual({ action: 'drop', reason: 'own-write' });
      expect(wakes).toEqual([]);
    }
    const { instance, wakes } = scheduler();
    instance.observe(watch([taskRow(1)]), false);
    instance.observe(watch([taskRow(2)], {}, 'sync'), false);
    vi.advanceTimersByTime(4_000);
    expect(wakes).toEqual(['t1']);
  });

  it('watches nothing while it could not wake, and being turned on is not an edit', () => {
    const { instance, wakes } = scheduler();
    instance.observe(watch([taskRow(1)], { enabled: false }), false);
    instance.observe(watch([taskRow(2)], { enabled: false }), false);
    // Turned on: what was written before is the baseline, not an edit.
    instance.observe(watch([taskRow(2), entry('e1')]), false);
    vi.advanceTimersByTime(10_000);
    expect(wakes).toEqual([]);
    instance.observe(watch([taskRow(3)]), false);
    vi.advanceTimersByTime(4_000);
    expect(wakes).toEqual(['t1']);
  });

  it('leaves the wake to the visible tab', () => {
    const wakes: string[] = [];
    const instance = new AutoWakeScheduler({
      taskId: 't1',
      wake: (taskId) => wakes.push(taskId),
      isVisible: () => false,
    });
    instance.observe(watch([taskRow(1)]), false);
    instance.observe(watch([taskRow(2)]), false);
    vi.advanceTimersByTime(4_000);
    expect(wakes).toEqual([]);
  });

  it('is settled only while no edit waits to be decided, so the agent device may drop it', () => {
    const { instance, wakes } = scheduler();
    instance.observe(watch([taskRow(1)]), false);
    expect(instance.settled()).toBe(true);
    instance.observe(watch([taskRow(2)]), false);
    expect(instance.settled()).toBe(false);
    vi.advanceTimersByTime(4_000);
    expect(wakes).toEqual(['t1']);
    expect(instance.settled()).toBe(true);

    // A wake running while an edit arrives keeps the edit: not settled until decided.
    instance.observe(watch([taskRow(3)], { latestWake: wake({ id: 'w2' }) }), true);
    vi.advanceTimersByTime(4_000);
    expect(instance.settled()).toBe(false);
    instance.observe(
      watch([taskRow(4)], { latestWake: wake({ id: 'w2', status: 'done' }) }),
      false,
    );
    vi.advanceTimersByTime(4_000);
    expect(wakes).toEqual(['t1', 't1']);
    expect(instance.settled()).toBe(true);
  });

  it('ignores a snapshot of another task and stops when disposed', () => {
    const { instance, wakes } = scheduler();
    instance.observe(watch([taskRow(1)]), false);
    instance.observe({ ...watch([taskRow(9)]), taskId: 'other' }, false);
    vi.advanceTimersByTime(4_000);
    expect(wakes).toEqual([]);

    instance.observe(watch([taskRow(2)]), false);
    instance.dispose();
    vi.advanceTimersByTime(4_000);
    expect(wakes).toEqual([]);
  });
});
