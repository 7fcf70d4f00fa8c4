import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the store, as after a reload: sessionStorage is what survives it. */
async function reloadedStore() {
  vi.resetModules();
  return (await import('./wake-progress-store')).useWakeProgressStore;
}

afterEach(() => sessionStorage.clear());

describe('a wake asked for just before a reload', () => {
  it('is said after the reload when it never started, once', async () => {
    const before = await reloadedStore();
    before.getState().wakeRequested('task-1', 'manual');

    const after = await reloadedStore();
    const { NOT_STARTED_MESSAGE } = await import('./wake-progress-store');
    expect(after.getState().byTask['task-1']).toMatchObject({
      status: 'failed',
      failureKind: 'not-started',
      message: NOT_STARTED_MESSAGE,
    });
    expect(NOT_STARTED_MESSAGE).toMatch(/did not start: the page was reloaded/);

    // Said once: the next load has nothing to say.
    expect((await reloadedStore()).getState().byTask).toEqual({});
  });

  it('is not mentioned once the worker said it started, once it settled, or when automatic', async () => {
    const before = await reloadedStore();
    // An automatic wake comes again with the person's next edit: nothing to tell them.
    before.getState().wakeRequested('automatic', 'automatic');
    before.getState().wakeRequested('started', 'manual');
    before.getState().progressReceived('started', {
      type: 'started',
      wakeId: 'wake-1',
      taskId: 'started',
    });
    before.getState().wakeRequested('settled', 'manual');
    before.getState().wakeFinished('settled', {
      status: 'busy',
      message: 'Already working',
      proposed: 0,
      turns: 0,
    });

    expect((await reloadedStore()).getState().byTask).toEqual({});
  });
});
