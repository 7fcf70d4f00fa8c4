// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createMemoryPushStore } from '../../../test/support/memory-push-store';
import type { PushClock } from './push-clock';
import type { PushDeps } from './push-deps';
import { enqueuePush, pushOne } from './push-one';
import type { PushRow } from './push-row';
import type { PushOutcome, PushTarget, ReconcileResult } from './push-target';
import { backoffMs, RECONCILIATION_POLICY } from './reconciliation-policy';
import { NotIndeterminateError, resolveIndeterminate } from './resolve-indeterminate';
import { runReconcileLoop, startReconcileLoop } from './run-reconcile-loop';

/** A clock that only moves when told, running the timers that fall due on the way. */
function fakeClock(start = 1_000_000): PushClock & { advance(ms: number): Promise<void> } {
  let now = start;
  let nextHandle = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const settle = async () => {
    for (let round = 0; round < 20; round++) await Promise.resolve();
  };
  return {
    now: () => now,
    setTimeout(callback, ms) {
      const handle = nextHandle++;
      timers.set(handle, { at: now + ms, callback });
      return handle;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    async advance(ms) {
      const until = now + ms;
      for (;;) {
        await settle();
        const due = [...timers.entries()]
          .filter(([, timer]) => timer.at <= until)
          .sort((left, right) => left[1].at - right[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = until;
      await settle();
    },
  };
}

const uncertain: PushOutcome = { status: 'uncertain', error: 'The server did not answer in time.' };

/** A target that plays scripted answers and records what it was asked. */
function scriptedTarget(
  pushes: PushOutcome[],
  reconciles: (ReconcileResult | 'hang' | 'throw')[] = [],
): PushTarget & { pushed: string[]; reconciled: string[] } {
  const pushed: string[] = [];
  const reconciled: string[] = [];
  return {
    pushed,
    reconciled,
    async push(operationId) {
      pushed.push(operationId);
      return pushes.shift() ?? { status: 'applied' };
    },
    async reconcile(operationId) {
      reconciled.push(operationId);
      const next = reconciles.shift() ?? { status: 'retry' };
      if (next === 'hang') return new Promise<ReconcileResult>(() => undefined);
      if (next === 'throw') throw new Error('direct get failed');
      return next;
    },
  };
}

async function setup(target: PushTarget, operations = ['op-1']) {
  const clock = fakeClock();
  const store = createMemoryPushStore();
  const deps: PushDeps = { store, target, clock };
  for (const [index, operationId] of operations.entries()) {
    await enqueuePush(deps, operationId, index + 1);
  }
  return { clock, store, deps };
}

const row = async (deps: PushDeps, operationId = 'op-1'): Promise<PushRow> =>
  (await deps.store.get(operationId))!;

describe('the reconciliation policy', () => {
  it('waits 10, 20, 40, 80 and 160 s, and never more than 10 minutes', () => {
    expect([0, 1, 2, 3, 4].map((attempts) => backoffMs(RECONCILIATION_POLICY, attempts))).toEqual([
      10_000, 20_000, 40_000, 80_000, 160_000,
    ]);
    expect(backoffMs(RECONCILIATION_POLICY, 12)).toBe(600_000);
    expect(RECONCILIATION_POLICY.maxAttempts).toBe(5);
  });
});

describe('pushOne', () => {
  it('marks a push applied when the server confirms it', async () => {
    const target = scriptedTarget([{ status: 'applied' }]);
    const { deps } = await setup(target);
    expect((await pushOne(deps, 'op-1')).state).toBe('applied');
    expect(target.reconciled).toEqual([]);
  });

  it('reconciles a timeout at once and settles it as applied when it landed', async () => {
    const target = scriptedTarget([uncertain], [{ status: 'applied' }]);
    const { deps } = await setup(target);
    const after = await pushOne(deps, 'op-1');
    expect(after).toMatchObject({ state: 'applied', attempts: 0 });
    expect(after.lastError).toBeUndefined();
    expect(target.pushed).toEqual(['op-1']);
    expect(target.reconciled).toEqual(['op-1']);
  });

  it('pushes again when reconcile says the operation is not on the server', async () => {
    const target = scriptedTarget([uncertain, { status: 'applied' }], [{ status: 'failed' }]);
    const { deps } = await setup(target);
    expect((await pushOne(deps, 'op-1')).state).toBe('applied');
    expect(target.pushed).toEqual(['op-1', 'op-1']);
  });

  it('leaves the push needs_reconcile, due in 10 s, when reconcile cannot tell', async () => {
    const target = scriptedTarget([uncertain], [{ status: 'retry', error: 'offline' }]);
    const { deps, clock } = await setup(target);
    const after = await pushOne(deps, 'op-1');
    expect(after).toMatchObject({
      state: 'needs_reconcile',
      attempts: 0,
      nextAttemptAt: clock.now() + 10_000,
      lastError: 'offline',
    });
  });

  it('counts an immediate reconcile that does not answer in time as retry', async () => {
    const target = scriptedTarget([uncertain], ['hang']);
    const { deps, clock } = await setup(target);
    const pending = pushOne(deps, 'op-1');
    await clock.advance(RECONCILIATION_POLICY.immediateReconcileTimeoutMs);
    expect((await pending).state).toBe('needs_reconcile');
  });

  it('treats a reconcile that throws as retry, and a push that throws as uncertain', async () => {
    const target: PushTarget = {
      push: async () => {
        throw new Error('socket hang up');
      },
      reconcile: async () => {
        throw new Error('still down');
      },
    };
    const { deps } = await setup(target);
    expect(await pushOne(deps, 'op-1')).toMatchObject({
      state: 'needs_reconcile',
      lastError: 'still down',
    });
  });

  it('makes an uncertain push indeterminate at once when the target cannot reconcile', async () => {
    const target: PushTarget = { push: async () => uncertain };
    const { deps, store } = await setup(target);
    const after = await pushOne(deps, 'op-1');
    expect(after.state).toBe('indeterminate');
    expect(after.lastError).toMatch(/cannot tell whether it landed/);
    expect(await store.listIndeterminate()).toHaveLength(1);
  });

  it('fails a push the server refuses for good, and retries one that was never sent', async () => {
    const target = scriptedTarget([
      { status: 'rejected', error: 'too large', retryable: false },
      { status: 'rejected', error: 'offline: not sent', retryable: true },
    ]);
    const { deps, clock } = await setup(target, ['op-1', 'op-2']);
    expect(await pushOne(deps, 'op-1')).toMatchObject({ state: 'failed', lastError: 'too large' });
    expect(await pushOne(deps, 'op-2')).toMatchObject({
      state: 'pending',
      nextAttemptAt: clock.now() + 10_000,
    });
  });

  it('stops pushing again after pushesPerRun and waits when reconcile keeps saying "not there"', async () => {
    const target = scriptedTarget(
      [uncertain, uncertain],
      [{ status: 'failed' }, { status: 'failed' }],
    );
    const { deps } = await setup(target);
    const after = await pushOne(deps, 'op-1');
    expect(target.pushed).toHaveLength(RECONCILIATION_POLICY.pushesPerRun);
    expect(after.state).toBe('pending');
    expect(after.nextAttemptAt).toBeDefined();
  });

  it('does nothing to a push that is applied or waiting for the person', async () => {
    const target = scriptedTarget([]);
    const { deps, store, clock } = await setup(target, ['op-1', 'op-2']);
    await store.put({ ...(await row(deps, 'op-1')), state: 'applied' });
    await store.put({ ...(await row(deps, 'op-2')), state: 'indeterminate' });
    await pushOne(deps, 'op-1');
    await pushOne(deps, 'op-2');
    expect(target.pushed).toEqual([]);
    expect(clock.now()).toBe(1_000_000);
  });
});

describe('the reconcile loop', () => {
  it('processes only the pushes that are due, in outbox order', async () => {
    const target = scriptedTarget(
      [uncertain, uncertain, uncertain],
      [{ status: 'retry' }, { status: 'retry' }, { status: 'retry' }],
    );
    const { deps, clock } = await setup(target, ['op-1', 'op-2', 'op-3']);
    await pushOne(deps, 'op-3');
    await clock.advance(5_000);
    await pushOne(deps, 'op-1');
    await pushOne(deps, 'op-2');
    target.reconciled.length = 0;
    target.pushed.length = 0;

    await clock.advance(5_000); // op-3 is due, op-1 and op-2 not yet
    expect(await runReconcileLoop(deps)).toMatchObject({ processed: 1, waiting: 1 });
    expect(target.reconciled).toEqual(['op-3']);

    await clock.advance(5_000);
    expect(await runReconcileLoop(deps)).toMatchObject({ processed: 2, waiting: 2 });
    expect(target.reconciled).toEqual(['op-3', 'op-1', 'op-2']);
    expect(target.pushed).toEqual([]);
  });

  it('settles a due push as applied when it turns out to have landed', async () => {
    const target = scriptedTarget([uncertain], [{ status: 'retry' }, { status: 'applied' }]);
    const { deps, clock } = await setup(target);
    await pushOne(deps, 'op-1');
    await clock.advance(10_000);
    expect(await runReconcileLoop(deps)).toMatchObject({ applied: 1 });
    expect(await row(deps)).toMatchObject({ state: 'applied', attempts: 1 });
  });

  it('pushes again from the loop when a due push turns out not to be there', async () => {
    const target = scriptedTarget(
      [uncertain, { status: 'applied' }],
      [{ status: 'retry' }, { status: 'failed' }],
    );
    const { deps, clock } = await setup(target);
    await pushOne(deps, 'op-1');
    await clock.advance(10_000);
    await runReconcileLoop(deps);
    expect(target.pushed).toEqual(['op-1', 'op-1']);
    expect((await row(deps)).state).toBe('applied');
  });

  it('makes a push indeterminate after 5 unanswered attempts, waiting 10, 20, 40, 80, 160 s', async () => {
    const target = scriptedTarget([uncertain], []);
    const { deps, clock, store } = await setup(target);
    await pushOne(deps, 'op-1');
    const waits: number[] = [];
    let last = clock.now();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const current = await row(deps);
      expect(current.state).toBe('needs_reconcile');
      waits.push(current.nextAttemptAt! - last);
      await clock.advance(current.nextAttemptAt! - clock.now() - 1);
      expect((await runReconcileLoop(deps)).processed).toBe(0);
      await clock.advance(1);
      last = clock.now();
      await runReconcileLoop(deps);
    }
    expect(waits).toEqual([10_000, 20_000, 40_000, 80_000, 160_000]);
    expect(await row(deps)).toMatchObject({ state: 'indeterminate', attempts: 5 });
    expect((await store.listIndeterminate()).map((each) => each.operationId)).toEqual(['op-1']);
    expect(await store.listDue(clock.now() + 3_600_000)).toEqual([]);
  });

  it('reconciles a push that a crash left in flight', async () => {
    const target = scriptedTarget([], [{ status: 'applied' }]);
    const { deps, store } = await setup(target);
    await store.put({ ...(await row(deps)), state: 'in_flight' });
    await runReconcileLoop(deps);
    expect(target.pushed).toEqual([]);
    expect((await row(deps)).state).toBe('applied');
  });

  it('makes a due push indeterminate when the target cannot reconcile', async () => {
    const { deps, store } = await setup({ push: async () => ({ status: 'applied' }) });
    await store.put({ ...(await row(deps)), state: 'needs_reconcile', nextAttemptAt: 0 });
    expect(await runReconcileLoop(deps)).toMatchObject({ indeterminate: 1 });
  });

  it('runs on its own timer, one tick at a time, and between other tasks', async () => {
    const target = scriptedTarget([uncertain], [{ status: 'retry' }, { status: 'applied' }]);
    const { deps, clock } = await setup(target);
    const loop = startReconcileLoop(deps, 1_000);
    await loop.serialize(() => pushOne(deps, 'op-1'));
    expect((await row(deps)).state).toBe('needs_reconcile');
    await clock.advance(11_000);
    expect((await row(deps)).state).toBe('applied');
    await loop.stop();
  });
});

describe("the person's decision on an indeterminate push", () => {
  async function indeterminate(target: PushTarget) {
    const context = await setup(target);
    await context.store.put({ ...(await row(context.deps)), state: 'indeterminate', attempts: 5 });
    return context;
  }

  it('"it happened" settles it as applied, recording the choice', async () => {
    const target = scriptedTarget([]);
    const { deps, clock } = await indeterminate(target);
    expect(await resolveIndeterminate(deps, 'op-1', 'happened')).toMatchObject({
      state: 'applied',
      resolution: { choice: 'happened', at: clock.now() },
    });
    expect(target.pushed).toEqual([]);
  });

  it('"it did not happen" pushes it again with a fresh attempt budget', async () => {
    const target = scriptedTarget([{ status: 'applied' }]);
    const { deps } = await indeterminate(target);
    expect(await resolveIndeterminate(deps, 'op-1', 'did-not-happen')).toMatchObject({
      state: 'applied',
      attempts: 0,
      resolution: { choice: 'did-not-happen' },
    });
    expect(target.pushed).toEqual(['op-1']);
  });

  it('"skip" ends it unsent, and a later push leaves it alone', async () => {
    const target = scriptedTarget([]);
    const { deps } = await indeterminate(target);
    expect(await resolveIndeterminate(deps, 'op-1', 'skip')).toMatchObject({
      state: 'failed',
      resolution: { choice: 'skip' },
    });
    await pushOne(deps, 'op-1');
    expect(target.pushed).toEqual([]);
  });

  it('refuses a decision on a push that is not waiting for one', async () => {
    const { deps } = await setup(scriptedTarget([]));
    await expect(resolveIndeterminate(deps, 'op-1', 'happened')).rejects.toBeInstanceOf(
      NotIndeterminateError,
    );
    expect((await row(deps)).state).toBe('pending');
  });
});
