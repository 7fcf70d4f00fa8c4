/**
 * The sync indicator in the navigation: connected, offline, waiting to send, or needs
 * your decision, in a few words, linking to Settings → Sync. Its name carries the whole
 * sentence, and changes are announced politely. Loaded once sync is set up.
 */
import { Link } from 'react-router';
import { describeSync } from './describe-sync';
import { useSyncView } from './use-sync-view';
import './sync.css';

const ICONS = { ok: '✓', busy: '↻', warning: '!', error: '✕', off: '○' } as const;

export function SyncStatusPill() {
  const view = useSyncView();
  if (!view) return null;
  const words = describeSync(view);
  return (
    <div className="sync-status-area">
      <Link
        to="/settings#sync"
        className={`sync-status sync-status--${words.tone}`}
        aria-label={`Sync: ${words.long}`}
        title={words.long}
      >
        <span aria-hidden="true">{ICONS[words.tone]}</span>
        <span aria-hidden="true">{words.short}</span>
      </Link>
      <span className="visually-hidden" role="status">
        {`Sync: ${words.short}`}
      </span>
    </div>
  );
}
