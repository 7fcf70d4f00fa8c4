import { describe, expect, it } from 'vitest';
import { SWIPE_MAX_THRESHOLD_PX, swipeThreshold } from './use-swipe-to-decide';

describe('swipeThreshold', () => {
  it('is 35% of the row, at most 120 px, and never a twitch', () => {
    expect(swipeThreshold(1000)).toBe(SWIPE_MAX_THRESHOLD_PX);
    expect(swipeThreshold(300)).toBe(105);
    expect(swipeThreshold(100)).toBe(56);
  });

  it('falls back to 120 px when the row has no measured width', () => {
    expect(swipeThreshold(0)).toBe(120);
    expect(swipeThreshold(Number.NaN)).toBe(120);
  });
});
