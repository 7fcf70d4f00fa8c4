/**
 * A control that has just appeared where a finger may already be on its way (Confirm all
 * arriving with the proposals) ignores taps for a moment: `armed` turns true `delayMs`
 * after `present` became true, and false again when it goes. `placedAt` (its place in a
 * list) re-arms it when it moves: in the inbox, the next group's Confirm all moves up
 * into the place of the one just tapped, and a second tap must not confirm that group too.
 */
import { useEffect, useState } from 'react';

export function useArmedAfter(present: boolean, placedAt?: number, delayMs = 600): boolean {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!present) return;
    const timer = setTimeout(() => setArmed(true), delayMs);
    return () => {
      clearTimeout(timer);
      setArmed(false);
    };
  }, [present, placedAt, delayMs]);
  return armed;
}
