import { describe, expect, it } from 'vitest';
import { WakeThrottle } from './wake-throttle';

function throttleAt(limits = { taskEveryMs: 30_000, perMinute: 10 }) {
  const clock = { now: 0 };
  return { clock, throttle: new WakeThrottle(limits, () => clock.now) };
}

describe('WakeThrottle', () => {
  it('wakes a task at most once per interval, and a flood of requests makes one wake', () => {
    const { clock, throttle } = throttleAt();
    throttle.request('a');
    expect(throttle.take()).toEqual({ kind: 'start', taskId: 'a' });
    clock.now = 1_000;
    for (let edit = 0; edit < 100; edit += 1) throttle.request('a');
    expect(throttle.size).toBe(1);
    expect(throttle.take()).toEqual({ kind: 'wait', reason: 'task', taskId: 'a', waitMs: 29_000 });
    clock.now = 30_000;
    expect(throttle.take()).toEqual({ kind: 'start', taskId: 'a' });
    expect(throttle.take()).toEqual({ kind: 'empty' });
  });

  it('lets another task start while one waits for its interval', () => {
    const { clock, throttle } = throttleAt();
    throttle.request('a');
    throttle.take();
    clock.now = 5_000;
    throttle.request('a');
    throttle.request('b');
    expect(throttle.take()).toEqual({ kind: 'start', taskId: 'b' });
    expect(throttle.take()).toMatchObject({ kind: 'wait', taskId: 'a', waitMs: 25_000 });
  });

  it('starts at most M wakes a minute and queues the rest in order, dropping none', () => {
    const { clock, throttle } = throttleAt({ taskEveryMs: 0, perMinute: 3 });
    for (const task of ['a', 'b', 'c', 'd', 'e']) throttle.request(task);
    const started: string[] = [];
    const waits: number[] = [];
    while (started.length < 5) {
      const answer = throttle.take();
      if (answer.kind === 'start') started.push(answer.taskId);
      else if (answer.kind === 'wait') {
        expect(answer.reason).toBe('rate');
        waits.push(answer.waitMs);
        clock.now += answer.waitMs;
      } else break;
      clock.now += 100;
    }
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    // The fourth waits until the first start is a minute old.
    expect(waits[0]).toBe(60_000 - 300);
    expect(clock.now).toBeGreaterThanOrEqual(60_000);
  });

  it('never starts more than M in any minute under a steady stream of requests', () => {
    const { clock, throttle } = throttleAt({ taskEveryMs: 0, perMinute: 4 });
    const starts: number[] = [];
    for (let second = 0; second < 300; second += 1) {
      clock.now = second * 1_000;
      throttle.request(`task-${second}`);
      for (let answer = throttle.take(); answer.kind === 'start'; answer = throttle.take())
        starts.push(clock.now);
    }
    for (const start of starts)
      expect(starts.filter((at) => at >= start && at < start + 60_000).length).toBeLessThanOrEqual(
        4,
      );
    expect(starts.length).toBe(20);
    expect(throttle.size).toBe(300 - 20);
  });
});
