import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WakeOutcome } from '../../agent/run-wake';
import { describeWakeProgress } from './describe-wake-progress';
import { cancelAgentWake, startAgentWake } from './start-agent-wake';
import { useWakeProgressStore } from './wake-progress-store';

const wakeClient = vi.hoisted(() => ({ requestWake: vi.fn(), cancelWake: vi.fn() }));
vi.mock('../../agent/wake-client', () => wakeClient);

const wakeOf = (taskId: string) => useWakeProgressStore.getState().byTask[taskId];

beforeEach(() => {
  wakeClient.requestWake.mockReset();
  wakeClient.cancelWake.mockReset();
  useWakeProgressStore.setState({ byTask: {} });
});

describe('startAgentWake', () => {
  it('starts one wake per task from this tab, and one for another task meanwhile', async () => {
    const finish = new Map<string, (outcome: WakeOutcome) => void>();
    wakeClient.requestWake.mockImplementation(
      (taskId: string) => new Promise<WakeOutcome>((resolve) => finish.set(taskId, resolve)),
    );
    const first = startAgentWake('t1');
    expect(await startAgentWake('t1', 'automatic')).toBeUndefined();
    void startAgentWake('t2');
    expect(wakeClient.requestWake).toHaveBeenCalledTimes(2);
    expect(wakeOf('t1')).toMatchObject({ status: 'running', reason: 'manual' });

    finish.get('t1')!({ status: 'done', wakeId: 'w1', proposed: 2, turns: 3 });
    await first;
    expect(wakeOf('t1')).toMatchObject({ status: 'done', proposed: 2, turns: 3, wakeId: 'w1' });
  });

  it('trusts the outcome when the last progress events were lost', async () => {
    wakeClient.requestWake.mockResolvedValue({
      status: 'missing',
      message: 'This task no longer exists.',
      proposed: 0,
      turns: 0,
    });
    await startAgentWake('t1');
    expect(wakeOf('t1')).toMatchObject({
      status: 'failed',
      message: 'This task no longer exists.',
      failureKind: 'missing',
    });
  });

  it('turns a client that throws into a failed wake instead of spinning forever', async () => {
    wakeClient.requestWake.mockRejectedValue(new Error('Worker exploded'));
    await startAgentWake('t1');
    expect(wakeOf('t1')).toMatchObject({ status: 'failed', message: 'Worker exploded' });
  });

  it('cancels only a wake that is running here', async () => {
    cancelAgentWake('t1');
    expect(wakeClient.cancelWake).not.toHaveBeenCalled();
    wakeClient.requestWake.mockReturnValue(new Promise(() => {}));
    void startAgentWake('t1');
    cancelAgentWake('t1');
    expect(wakeClient.cancelWake).toHaveBeenCalledWith('t1');
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
});
