import { describe, expect, it } from 'vitest';
import type { PushClock } from '../push/push-clock';
import { progressReporter } from './progress-report';

function fakeClock(): PushClock & { advance(ms: number): void } {
  let now = 1_000_000;
  return {
    now: () => now,
    setTimeout: () => undefined,
    clearTimeout: () => undefined,
    advance: (ms) => (now += ms),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('progress reports', () => {
  it('sends the first cursor, then at most one report a minute, always the newest', async () => {
    const clock = fakeClock();
    const sent: number[] = [];
    const reporter = progressReporter(async (cursor) => void sent.push(cursor), clock);
    reporter.applied(10);
    await settle();
    reporter.applied(20);
    reporter.applied(30);
    clock.advance(59_999);
    reporter.applied(40);
    await settle();
    expect(sent).toEqual([10]);
    clock.advance(1);
    reporter.applied(50);
    await settle();
    expect(sent).toEqual([10, 50]);
  });

  it('never reports a cursor it already reported or an older one', async () => {
    const clock = fakeClock();
    const sent: number[] = [];
    const reporter = progressReporter(async (cursor) => void sent.push(cursor), clock, 0);
    reporter.applied(7);
    await settle();
    reporter.applied(7);
    reporter.applied(3);
    await settle();
    expect(sent).toEqual([7]);
  });

  it('after a failed report, sends again with a later cursor once the interval passed', async () => {
    const clock = fakeClock();
    const sent: number[] = [];
    let fail = true;
    const reporter = progressReporter(async (cursor) => {
      if (fail) throw new Error('offline');
      sent.push(cursor);
    }, clock);
    reporter.applied(5);
    await settle();
    fail = false;
    clock.advance(60_000);
    reporter.applied(6);
    await settle();
    expect(sent).toEqual([6]);
  });
});
