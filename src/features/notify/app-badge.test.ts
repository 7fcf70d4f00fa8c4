import { describe, expect, it, vi } from 'vitest';
import { showOnAppIcon } from './app-badge';

describe('showOnAppIcon', () => {
  it('sets the count, and clears the badge at zero', async () => {
    const on = { setAppBadge: vi.fn(async () => {}), clearAppBadge: vi.fn(async () => {}) };
    await showOnAppIcon(4, on);
    await showOnAppIcon(0, on);
    expect(on.setAppBadge).toHaveBeenCalledWith(4);
    expect(on.clearAppBadge).toHaveBeenCalledTimes(1);
  });

  it('does nothing where the browser has no badge, and never throws when it refuses one', async () => {
    await expect(showOnAppIcon(2, {})).resolves.toBeUndefined();
    const refusing = { setAppBadge: vi.fn(() => Promise.reject(new Error('NotAllowedError'))) };
    await expect(showOnAppIcon(2, refusing)).resolves.toBeUndefined();
  });
});
