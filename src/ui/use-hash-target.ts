/**
 * Brings the element the address's #fragment names into view and moves the focus to its
 * heading, on arrival and whenever the fragment changes (a table of contents' link), so a
 * screen reader says where the person landed. Elements that render later (after a query
 * resolves) are waited for briefly.
 */
import { useEffect } from 'react';

const WAIT_MS = 2_000;

function focusTarget(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const heading = target.querySelector<HTMLElement>('h2, h3') ?? target;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  target.scrollIntoView?.({ block: 'start' });
  heading.focus({ preventScroll: true });
  return true;
}

export function useHashTarget(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    function land() {
      clearInterval(timer);
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (!id || focusTarget(id)) return;
      const until = Date.now() + WAIT_MS;
      timer = setInterval(() => {
        if (focusTarget(id) || Date.now() > until) clearInterval(timer);
      }, 50);
    }
    land();
    window.addEventListener('hashchange', land);
    return () => {
      clearInterval(timer);
      window.removeEventListener('hashchange', land);
    };
  }, []);
}
