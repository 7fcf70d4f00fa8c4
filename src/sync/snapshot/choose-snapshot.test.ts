// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { NO_KEYS } from '../seal/key-ring';
import { syncSubjects } from '../transport/sync-subjects';
import { chooseSnapshot } from './choose-snapshot';
import { sourceOf as sourceOfStored, store } from './snapshot-source-fixture';
import { writeSnapshot, type WrittenSnapshot } from './write-snapshot';

const subjects = syncSubjects('alice');

async function snapshotAt(sequence: number): Promise<WrittenSnapshot> {
  return writeSnapshot(subjects, NO_KEYS, {
    sequence,
    writer: 'tok-laptop',
    deviceId: 'laptop',
    time: '2026-11-27T08:00:00.000Z',
    rows: [{ table: 'tasks', id: `task-${sequence}`, row: { id: `task-${sequence}`, rev: 1 } }],
  });
}

const sourceOf = (stored: Map<string, Uint8Array>) => sourceOfStored(subjects, stored);

describe('choosing the snapshot to start from', () => {
  it('takes the newest that verifies', async () => {
    const [older, newer] = [await snapshotAt(10), await snapshotAt(20)];
    const chosen = await chooseSnapshot(subjects, NO_KEYS, sourceOf(store(older, newer)), 0);
    expect(chosen).toMatchObject({ kind: 'snapshot', passedOver: [] });
    expect(chosen.kind === 'snapshot' && chosen.manifest.sequence).toBe(20);
  });

  it('passes over a newest snapshot with a changed part, in words, and falls back to the older', async () => {
    const [older, newer] = [await snapshotAt(10), await snapshotAt(20)];
    const stored = store(older, newer);
    const part = newer.messages[0]!;
    const changed = new Uint8Array(part.data);
    changed[changed.length - 2]! ^= 0x01;
    stored.set(part.subject, changed);
    const chosen = await chooseSnapshot(subjects, NO_KEYS, sourceOf(stored), 0);
    expect(chosen.kind === 'snapshot' && chosen.manifest.sequence).toBe(10);
    expect(chosen.passedOver).toEqual([
      'A snapshot on the server was not used: its parts are not the ones its manifest was written for (changed or replaced).',
    ]);
  });

  it('replays, saying why, when no snapshot verifies (a part missing) or none is past the cursor', async () => {
    const only = await snapshotAt(20);
    const stored = store(only);
    stored.delete(only.messages[0]!.subject);
    const chosen = await chooseSnapshot(subjects, NO_KEYS, sourceOf(stored), 0);
    expect(chosen).toEqual({
      kind: 'replay',
      passedOver: ['A snapshot on the server was not used: it has 0 of its 1 parts.'],
    });
    const behind = await chooseSnapshot(subjects, NO_KEYS, sourceOf(store(only)), 20);
    expect(behind).toEqual({ kind: 'replay', passedOver: [] });
  });

  it('passes over a manifest that is not one, in words', async () => {
    const stored = store(await snapshotAt(5));
    stored.set('cs.alice.snapshots.s9-forged00', new TextEncoder().encode('{"v":1}'));
    const chosen = await chooseSnapshot(subjects, NO_KEYS, sourceOf(stored), 0);
    expect(chosen.kind === 'snapshot' && chosen.manifest.sequence).toBe(5);
    expect(chosen.passedOver[0]).toMatch(
      /^A snapshot on the server was not used: its manifest is not valid/,
    );
  });
});
