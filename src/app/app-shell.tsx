import { lazy, Suspense, useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation, useNavigationType } from 'react-router';
import { useAppBadge } from '../features/notify/use-app-badge';
import { ReviewNavBadge } from '../features/review/inbox/pending-count';
import { SyncNavStatus } from '../features/sync/sync-nav-status';
import { useSyncRuntime } from '../features/sync/use-sync-runtime';
import { ToastRegion } from '../ui/toast-region';
import { useExpirySweep } from './use-expiry-sweep';
import { UpdatePrompt } from './update-prompt';

// Fetched just after the first paint: notification taps and arrivals wait a moment, the
// first page does not carry them.
const ArrivalNotifications = lazy(() =>
  import('../features/notify/arrival-notifications').then((module) => ({
    default: module.ArrivalNotifications,
  })),
);

const LINKS = [
  { to: '/', label: 'Tasks', icon: '☰', end: true },
  { to: '/review', label: 'Review', icon: '✓', end: false },
  { to: '/activity', label: 'Activity', icon: '◷', end: false },
  { to: '/settings', label: 'Settings', icon: '⚙', end: false },
];

export function AppShell() {
  useExpirySweep();
  useSyncRuntime();
  useAppBadge();
  const main = useFocusOnArrival();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <nav className="shell__nav" aria-label="Main">
        <span className="shell__brand" aria-hidden="true">
          Countersign
        </span>
        <ul>
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className="shell__link">
                <span aria-hidden="true" className="shell__icon">
                  {link.icon}
                </span>
                <span>{link.label}</span>
                {link.to === '/review' && <ReviewNavBadge />}
              </NavLink>
            </li>
          ))}
        </ul>
        <SyncNavStatus />
      </nav>
      <main id="main" className="shell__main" tabIndex={-1} ref={main}>
        <Outlet />
      </main>
      <UpdatePrompt />
      <ToastRegion />
      <Suspense fallback={null}>
        <ArrivalNotifications />
      </Suspense>
    </div>
  );
}

/**
 * After a move through the navigation, focus goes to the page (its `main`), not left on the
 * link: a screen reader starts reading the new page, and the page's keys (the inbox's j/k/y)
 * work at once. Focus a page set itself, or anywhere else, is left alone. A new page opens
 * at its top, not at the scroll of the page before it (Settings in the middle after a long
 * Review list); a #fragment's page scrolls to its target itself, and Back keeps the
 * browser's own scroll.
 */
function useFocusOnArrival() {
  const main = useRef<HTMLElement>(null);
  const { pathname, hash } = useLocation();
  const navigation = useNavigationType();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (navigation !== 'POP' && !hash) window.scrollTo(0, 0);
    const active = document.activeElement;
    if (active === null || active === document.body || active.closest('nav') !== null)
      main.current?.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new page only, read as it was reached
  }, [pathname]);
  return main;
}
