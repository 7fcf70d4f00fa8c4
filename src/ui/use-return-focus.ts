/**
 * For a button that exists only while something runs (Cancel): when it goes away while
 * it had focus, focus moves to a button that stays, not to the top of the page.
 */
import { useEffect, useRef, type FocusEvent } from 'react';

export function useReturnFocus(active: boolean) {
  const returnTo = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);

  useEffect(() => {
    if (active) return;
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (hadFocus.current && focusLost) returnTo.current?.focus();
    hadFocus.current = false;
  }, [active]);

  const leavingProps = {
    onFocus: () => {
      hadFocus.current = true;
    },
    // A removed element may or may not report a blur, and then with no new target.
    onBlur: (event: FocusEvent) => {
      if (event.relatedTarget) hadFocus.current = false;
    },
  };
  return { returnTo, leavingProps };
}
