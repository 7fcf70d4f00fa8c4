/** Vector clocks `{deviceId: counter}`: who wrote what, in which order, across devices. */
import { z } from 'zod';
import { CLOCK_DEVICES_MAX, COUNTER_MAX } from './limits';

export const vectorClockSchema = z
  .record(
    z.string().max(100),
    z.number().int().nonnegative().max(COUNTER_MAX, `A clock counter is at most ${COUNTER_MAX}.`),
  )
  .refine((clock) => Object.keys(clock).length <= CLOCK_DEVICES_MAX, {
    error: `A vector clock names at most ${CLOCK_DEVICES_MAX} devices.`,
  });
export type VectorClock = z.infer<typeof vectorClockSchema>;

export function bumpClock(clock: VectorClock, deviceId: string): VectorClock {
  return { ...clock, [deviceId]: (clock[deviceId] ?? 0) + 1 };
}

export function mergeClocks(a: VectorClock, b: VectorClock): VectorClock {
  const merged: VectorClock = { ...a };
  for (const [device, counter] of Object.entries(b)) {
    merged[device] = Math.max(merged[device] ?? 0, counter);
  }
  return merged;
}

export type ClockOrder = 'equal' | 'before' | 'after' | 'concurrent';

/** How `a` relates to `b`: `before` means every counter of a is <= b's and one is smaller. */
export function compareClocks(a: VectorClock, b: VectorClock): ClockOrder {
  let aBehind = false;
  let aAhead = false;
  for (const device of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const left = a[device] ?? 0;
    const right = b[device] ?? 0;
    if (left < right) aBehind = true;
    if (left > right) aAhead = true;
  }
  if (aBehind && aAhead) return 'concurrent';
  if (aBehind) return 'before';
  if (aAhead) return 'after';
  return 'equal';
}

/** True when `clock` has nothing beyond `seen`: the entity is exactly as (or older than) a known write. */
export function isCoveredBy(clock: VectorClock, seen: VectorClock): boolean {
  const order = compareClocks(clock, seen);
  return order === 'equal' || order === 'before';
}
