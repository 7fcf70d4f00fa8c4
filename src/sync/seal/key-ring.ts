/**
 * The journal's key generations, newest first. A device seals only under the newest and
 * opens with any it holds. `announcedKeyIds` are key ids the journal has published that
 * this device does not hold yet (a rotation it has not picked up): a message under one of
 * those will open later, one under any other id never will.
 */
import { type JournalKey } from './journal-key';

export interface KeyRing {
  readonly generations: readonly JournalKey[];
  readonly announcedKeyIds: ReadonlySet<string>;
}

export const NO_KEYS: KeyRing = Object.freeze({
  generations: [],
  announcedKeyIds: new Set<string>(),
});

export function keyRing(
  generations: readonly JournalKey[],
  announcedKeyIds: Iterable<string> = [],
): KeyRing {
  const held = new Set(generations.map((generation) => generation.keyId));
  return {
    generations: [...generations],
    announcedKeyIds: new Set([...announcedKeyIds].filter((keyId) => !held.has(keyId))),
  };
}

export function newestKey(ring: KeyRing): JournalKey | undefined {
  return ring.generations[0];
}

export function findKey(ring: KeyRing, keyId: string): JournalKey | undefined {
  return ring.generations.find((generation) => generation.keyId === keyId);
}
