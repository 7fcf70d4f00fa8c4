/**
 * A control that has just appeared where a finger may already be on its way (Confirm all
 * arriving with the proposals) ignores taps for a moment: `armed` turns true `delayMs`
 * after `present` became true, and false again when it goes.
 */
import { useEffect, useState } from 'react';

export function useArmedAfter(present: boolean, delayMs = 600): boolean {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!present) return;
    const timer = setTimeout(() => setArmed(true), delayMs);
    return () => {
      clearTimeout(timer);
      setArmed(false);
    };
  }, [present, delayMs]);
  return armed;
}
