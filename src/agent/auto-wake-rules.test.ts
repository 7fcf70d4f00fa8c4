import { describe, expect, it } from 'vitest';
import { decideAutoWake, isOwnWrite, type AutoWakeInput } from './auto-wake-rules';

const task = (clock: Record<string, number>) => ({ table: 'tasks', id: 't1', vectorClock: clock });
const item = (clock: Record<string, number>) => ({
  table: 'checklistItems',
  id: 'c1',
  vectorClock: clock,
});

describe('isOwnWrite', () => {
  it('is true when the entity is exactly as the agent left it', () => {
    expect(isOwnWrite([task({ d: 3 })], [task({ d: 3 })])).toBe(true);
  });

  it('is false once the person edited the entity after the agent', () => {
    expect(isOwnWrite([task({ d: 4 })], [task({ d: 3 })])).toBe(false);
  });

  it('is false when one of several changes is the person’s', () => {
    expect(isOwnWrite([task({ d: 3 }), item({ d: 2 })], [task({ d: 3 })])).toBe(false);
  });

  it('is true when every change is covered, across tables and repeated writes', () => {
    expect(
      isOwnWrite(
        [task({ d: 3 }), item({ d: 1 })],
        [task({ d: 2 }), task({ d: 3 }), item({ d: 1 })],
      ),
    ).toBe(true);
  });

  it('does not confuse an id in another table with the one the agent wrote', () => {
    expect(
      isOwnWrite([{ table: 'entries', id: 't1', vectorClock: { d: 1 } }], [task({ d: 1 })]),
    ).toBe(false);
  });

  it('is false for a write from another device the agent did not see', () => {
    expect(isOwnWrite([task({ d: 3, other: 1 })], [task({ d: 3 })])).toBe(false);
  });

  it('is false when the wake recorded no writes, or nothing changed', () => {
    expect(isOwnWrite([task({ d: 1 })], undefined)).toBe(false);
    expect(isOwnWrite([task({ d: 1 })], [])).toBe(false);
    expect(isOwnWrite([], [task({ d: 1 })])).toBe(false);
  });
});

describe('decideAutoWake', () => {
  const input = (change: Partial<AutoWakeInput> = {}): AutoWakeInput => ({
    enabled: true,
    configured: true,
    categoryAllowed: true,
    wakeRunning: false,
    changedEntities: [task({ d: 2 })],
    mutatedEntries: [],
    ...change,
  });

  it('wakes for the person’s edit of an allowed task', () => {
    expect(decideAutoWake(input())).toEqual({ action: 'wake' });
  });

  it('never wakes when automatic wakes are off, no model is set, or the category is not allowed', () => {
    expect(decideAutoWake(input({ enabled: false }))).toMatchObject({ reason: 'disabled' });
    expect(decideAutoWake(input({ configured: false }))).toMatchObject({
      reason: 'not-configured',
    });
    expect(decideAutoWake(input({ categoryAllowed: false }))).toMatchObject({
      action: 'drop',
      reason: 'category-not-allowed',
    });
  });

  it('waits while a wake runs, keeping the changes for later', () => {
    expect(decideAutoWake(input({ wakeRunning: true }))).toEqual({ action: 'wait' });
  });

  it('drops the agent’s own writes', () => {
    expect(decideAutoWake(input({ mutatedEntries: [task({ d: 2 })] }))).toEqual({
      action: 'drop',
      reason: 'own-write',
    });
  });

  it('drops writes a trusted-tool rule or a confirmation made, and wakes for the person’s, undo’s and sync’s', () => {
    for (const writtenBy of ['rule', 'confirmation', 'agent'] as const)
      expect(
        decideAutoWake(input({ changedEntities: [{ ...task({ d: 2 }), writtenBy }] })),
      ).toEqual({ action: 'drop', reason: 'own-write' });
    for (const writtenBy of ['user', 'undo', 'sync'] as const)
      expect(
        decideAutoWake(input({ changedEntities: [{ ...task({ d: 2 }), writtenBy }] })),
      ).toEqual({ action: 'wake' });
    expect(
      decideAutoWake(
        input({
          changedEntities: [
            { ...task({ d: 2 }), writtenBy: 'rule' },
            { ...item({ d: 5 }), writtenBy: 'user' },
          ],
        }),
      ),
    ).toEqual({ action: 'wake' });
  });

  it('drops when nothing changed', () => {
    expect(decideAutoWake(input({ changedEntities: [] }))).toMatchObject({ reason: 'no-changes' });
  });
});
