import { NavLink, Outlet } from 'react-router';
import { ReviewNavBadge } from '../features/review/pending-count';
import { SyncNavStatus } from '../features/sync/sync-nav-status';
import { useSyncRuntime } from '../features/sync/use-sync-runtime';
import { ToastRegion } from '../ui/toast-region';
import { useExpirySweep } from './use-expiry-sweep';
import { UpdatePrompt } from './update-prompt';

const LINKS = [
  { to: '/', label: 'Tasks', icon: '☰', end: true },
  { to: '/review', label: 'Review', icon: '✓', end: false },
  { to: '/activity', label: 'Activity', icon: '◷', end: false },
  { to: '/settings', label: 'Settings', icon: '⚙', end: false },
];

export function AppShell() {
  useExpirySweep();
  useSyncRuntime();
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
      <main id="main" className="shell__main" tabIndex={-1}>
        <Outlet />
      </main>
      <UpdatePrompt />
      <ToastRegion />
    </div>
  );
}
