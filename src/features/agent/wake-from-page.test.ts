import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WakeOutcome } from '../../agent/run-wake';
import { describeWakeEnd, describeWakeProgress } from './describe-wake-progress';
import { cancelFromPage, wakeFromPage } from './wake-from-page';
import { useWakeProgressStore } from './wake-progress-store';

const wakeClient = vi.hoisted(() => ({ wakeInWorker: vi.fn(), cancelInWorker: vi.fn() }));
vi.mock('../../agent/wake-in-worker', () => wakeClient);

const wakeOf = (taskId: string) => useWakeProgressStore.getState().byTask[taskId];

beforeEach(() => {
  wakeClient.wakeInWorker.mockReset();
  wakeClient.cancelInWorker.mockReset();
  useWakeProgressStore.setState({ byTask: {} });
});

describe('wakeFromPage', () => {
  it('starts one wake per task from this tab, and one for another task meanwhile', async () => {
    const finish = new Map<string, (outcome: WakeOutcome) => void>();
    wakeClient.wakeInWorker.mockImplementation(
      (taskId: string) => new Promise<WakeOutcome>((resolve) => finish.set(taskId, resolve)),
    );
    const first = wakeFromPage('t1');
    expect(await wakeFromPage('t1', 'automatic')).toBeUndefined();
    void wakeFromPage('t2');
    // Without sync set up there is nothing to claim: both run here.
    await vi.waitFor(() => expect(wakeClient.wakeInWorker).toHaveBeenCalledTimes(2));
    expect(wakeOf('t1')).toMatchObject({ status: 'running', reason: 'manual' });

    finish.get('t1')!({ status: 'done', wakeId: 'w1', proposed: 2, turns: 3 });
    await first;
    expect(wakeOf('t1')).toMatchObject({ status: 'done', proposed: 2, turns: 3, wakeId: 'w1' });
  });

  it('trusts the outcome when the last progress events were lost', async () => {
    wakeClient.wakeInWorker.mockResolvedValue({
      status: 'missing',
      message: 'This task no longer exists.',
      proposed: 0,
      turns: 0,
    });
    await wakeFromPage('t1');
    expect(wakeOf('t1')).toMatchObject({
      status: 'failed',
      message: 'This task no longer exists.',
      failureKind: 'missing',
    });
  });

  it('says, once the wake ends, what it applied without asking, each kind once', async () => {
    wakeClient.wakeInWorker.mockImplementation(
      async (_taskId: string, onProgress: (progress: unknown) => void) => {
        const tool = (toolName: string, outcome: string) =>
          onProgress({ type: 'tool', turn: 1, toolName, outcome });
        tool('set_task_language', 'applied');
        tool('set_task_title', 'queued');
        tool('record_observations', 'noted');
        expect(describeWakeEnd(wakeOf('t1')!)).toBeUndefined();
        tool('set_task_language', 'applied');
        tool('update_task_estimate', 'applied');
        tool('update_task_estimate', 'error');
        return { status: 'done', wakeId: 'w1', proposed: 1, turns: 1 };
      },
    );
    await wakeFromPage('t1');
    expect(describeWakeEnd(wakeOf('t1')!)).toBe(
      'Applied without asking: language, estimate (see Activity).',
    );
    // A new wake starts with nothing applied.
    wakeClient.wakeInWorker.mockReturnValue(new Promise(() => {}));
    void wakeFromPage('t1');
    expect(wakeOf('t1')?.appliedTools).toBeUndefined();
  });

  it('turns a client that throws into a failed wake instead of spinning forever', async () => {
    wakeClient.wakeInWorker.mockRejectedValue(new Error('Worker exploded'));
    await wakeFromPage('t1');
    expect(wakeOf('t1')).toMatchObject({ status: 'failed', message: 'Worker exploded' });
  });

  it('cancels only a wake that is running here', async () => {
    cancelFromPage('t1');
    expect(wakeClient.cancelInWorker).not.toHaveBeenCalled();
    wakeClient.wakeInWorker.mockReturnValue(new Promise(() => {}));
    void wakeFromPage('t1');
    cancelFromPage('t1');
    expect(wakeClient.cancelInWorker).toHaveBeenCalledWith('t1');
    expect(describeWakeProgress(wakeOf('t1')!)).toBe('Cancelling…');
  });
});

describe('describeWakeProgress', () => {
  const base = {
    status: 'done',
    reason: 'manual',
    proposed: 1,
    turns: 1,
    cancelRequested: false,
  } as const;

  it('counts in words, singular and plural', () => {
    expect(describeWakeProgress(base)).toBe('Done: 1 change proposed for your review.');
    expect(describeWakeProgress({ ...base, proposed: 0 })).toMatch(/^Done: no changes proposed\./);
    expect(describeWakeProgress({ ...base, status: 'cancelled', proposed: 2 })).toBe(
      'Cancelled. 2 changes proposed before that are waiting for your review.',
    );
  });

  it('tells an empty answer, words only and running out of turns apart from "nothing to change"', () => {
    const none = { ...base, proposed: 0 };
    expect(describeWakeProgress({ ...none, ending: 'empty' })).toBe(
      'Done: the model sent an empty answer. Try again, or another model.',
    );
    expect(describeWakeProgress({ ...none, ending: 'words-only' })).toBe(
      'Done: the model answered in words, without a tool (see Activity).',
    );
    expect(describeWakeProgress({ ...base, ending: 'turn-limit' })).toBe(
      'Stopped at 8 turns, without a report: 1 change proposed.',
    );
  });

  it('says under the status how many calls were refused, beside what applied without asking', () => {
    expect(describeWakeEnd({ ...base, refused: 1 })).toBe('1 call refused (see Activity).');
    expect(describeWakeEnd({ ...base, refused: 2, appliedTools: ['set_task_language'] })).toBe(
      'Applied without asking: language; 2 calls refused (see Activity).',
    );
    expect(describeWakeEnd(base)).toBeUndefined();
  });
});
