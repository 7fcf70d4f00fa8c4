import { describe, expect, it } from 'vitest';
import { catchUpReporter, type CatchUp } from './catch-up-progress';

const progressOf =
  (written: (CatchUp | undefined)[]) => (_message: string, extra: { catchingUp?: CatchUp }) =>
    written.push(extra.catchingUp);

describe('catchUpReporter', () => {
  it('counts from where the feed opened to the last message then, and says once when done', () => {
    const written: (CatchUp | undefined)[] = [];
    const report = catchUpReporter(5_000, 15_000, progressOf(written));
    report(5_000);
    report(9_200);
    report(15_000);
    report(15_001);
    expect(written).toEqual([
      { done: 0, total: 10_000 },
      { done: 4_200, total: 10_000 },
      undefined,
    ]);
  });

  it('says nothing for a device that was not behind', () => {
    const written: (CatchUp | undefined)[] = [];
    const report = catchUpReporter(300, 300, progressOf(written));
    report(300);
    report(301);
    expect(written).toEqual([]);
  });
});
