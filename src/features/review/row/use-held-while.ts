/**
 * The value as it was when `hold` became true, for as long as it stays true. A row whose
 * decision is under way (deciding, then leaving) keeps showing what the person decided on: the change it just made must
 * not turn it "changed since proposed" as it collapses (it would grow, and the rows below
 * would jump down before closing up).
 */
import { useState } from 'react';

export function useHeldWhile<T>(value: T, hold: boolean): T {
  const [held, setHeld] = useState(value);
  // Kept up to date while not holding (React's "adjust state while rendering"; `value` is a
  // live query's result, whose identity only changes when its data does).
  if (!hold && held !== value) setHeld(value);
  return hold ? held : value;
}
