import { describe, expect, it } from 'vitest';
import { tapTooSoon } from './use-motion-watch';

const moving = () => false;
const click = (detail: number, pointerType?: string) => ({
  detail,
  nativeEvent: { pointerType } as unknown as Event,
});

describe('tapTooSoon', () => {
  it('holds back a finger’s or a pen’s tap on a control that just moved', () => {
    expect(tapTooSoon(click(1, 'touch'), moving)).toBe(true);
    expect(tapTooSoon(click(1, 'pen'), moving)).toBe(true);
    expect(tapTooSoon(click(1, 'touch'), () => true)).toBe(false);
  });

  it('lets the keyboard and a mouse act at once', () => {
    expect(tapTooSoon(click(0, ''), moving)).toBe(false);
    expect(tapTooSoon(click(1, 'mouse'), moving)).toBe(false);
  });
});
