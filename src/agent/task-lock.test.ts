import { afterEach, describe, expect, it, vi } from 'vitest';
import { isTaskLockHeld, withTaskLock } from './task-lock';

/** A LockManager of one origin, enough for exclusive `ifAvailable` requests and `query`. */
function fakeLocks() {
  const held = new Set<string>();
  return {
    async request(
      name: string,
      _options: { ifAvailable: boolean },
      callback: (lock: { name: string } | null) => Promise<unknown>,
    ) {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
    async query() {
      return { held: [...held].map((name) => ({ name })), pending: [] };
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('the task lock', () => {
  it('is held while a wake runs and free once it ended, even by a throw', async () => {
    vi.stubGlobal('navigator', { locks: fakeLocks() });
    let during: boolean | undefined;
    await expect(
      withTaskLock('t1', async () => {
        during = await isTaskLockHeld('t1');
        expect(await isTaskLockHeld('t2')).toBe(false);
        throw new Error('The disk went away.');
      }),
    ).rejects.toThrow('disk');
    expect(during).toBe(true);
    expect(await isTaskLockHeld('t1')).toBe(false);
  });

  it('cannot tell without the Web Locks API', async () => {
    vi.stubGlobal('navigator', {});
    expect(await isTaskLockHeld('t1')).toBeUndefined();
  });
});
