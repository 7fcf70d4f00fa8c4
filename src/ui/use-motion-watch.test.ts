import { describe, expect, it } from 'vitest';
import { inputTime, tapTooSoon } from './use-motion-watch';

const click = (detail: number, pointerType?: string, timeStamp = performance.now()) => ({
  detail,
  nativeEvent: { pointerType, timeStamp } as unknown as Event,
});

describe('tapTooSoon', () => {
  it('holds back a finger’s or a pen’s tap on a control that had not stood still at the tap’s time', () => {
    const steadyFrom = performance.now();
    const steady = (at: number) => at >= steadyFrom;
    expect(tapTooSoon(click(1, 'touch', steadyFrom - 1), steady)).toBe(true);
    expect(tapTooSoon(click(1, 'pen', steadyFrom - 1), steady)).toBe(true);
    expect(tapTooSoon(click(1, 'touch', steadyFrom), steady)).toBe(false);
  });

  it('lets the keyboard and a mouse act at once', () => {
    const moving = () => false;
    expect(tapTooSoon(click(0, ''), moving)).toBe(false);
    expect(tapTooSoon(click(1, 'mouse'), moving)).toBe(false);
  });
});

describe('inputTime', () => {
  const event = (timeStamp: number) => ({ timeStamp }) as Event;

  it('reads an event’s time on performance.now()’s clock, from either clock', () => {
    const now = performance.now();
    expect(inputTime(event(now - 500))).toBe(now - 500);
    expect(inputTime(event(performance.timeOrigin + now - 500))).toBeCloseTo(now - 500, 3);
  });

  it('never takes a time after now, nor a missing one, as the input’s', () => {
    const before = performance.now();
    expect(inputTime(event(before + 30_000))).toBeLessThanOrEqual(performance.now());
    expect(inputTime(event(0))).toBeGreaterThanOrEqual(before);
  });
});
