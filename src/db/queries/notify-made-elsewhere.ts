import type { ChangeItem } from '../../domain/change-set';

/**
 * Whether a pending item was made on another device: no write of this device is in its
 * vector clock (a wake's proposal is written once, by the device that ran the wake).
 */
export function madeElsewhere(item: ChangeItem, here: string | undefined): boolean {
  const writers = Object.keys(item.vectorClock);
  return here !== undefined && writers.length > 0 && !writers.includes(here);
}
