/**
 * Settings → Sync: this device's connection to the person's journal on a sync server,
 * the status in words with a retry, and what sync needs the person for.
 */
import { useId, useState } from 'react';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { describeSync } from './describe-sync';
import { PrivateSyncSection } from './private-sync-section';
import { runningSync } from './sync-control';
import { SyncAttention } from './sync-attention';
import { SyncConnectionForm } from './sync-connection-form';
import { useSyncView } from './use-sync-view';
import './sync.css';

const TONES = {
  ok: 'success',
  busy: 'info',
  warning: 'warning',
  error: 'error',
  off: 'info',
} as const;

export function SyncSettingsSection() {
  const headingId = useId();
  const view = useSyncView();
  const [busy, setBusy] = useState(false);
  const words = view ? describeSync(view) : undefined;

  const syncNow = async () => {
    setBusy(true);
    try {
      await (await runningSync())?.syncNow();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section id="sync" className="card stack settings__section" aria-labelledby={headingId}>
      <h2 id={headingId}>Sync</h2>
      <p className="muted">
        Keep this journal on your other devices through a sync server (NATS JetStream). Without it,
        this device works on its own, online or not.
      </p>
      {words && view?.enabled && (
        <div className="stack">
          <Notice tone={TONES[words.tone]}>{words.long}</Notice>
          <div className="row">
            <Button onClick={() => void syncNow()} aria-disabled={busy || undefined}>
              {view.status?.phase === 'error' ? 'Retry now' : 'Sync now'}
            </Button>
          </div>
        </div>
      )}
      <PrivateSyncSection />
      {/* The journal's device list mounts here. */}
      <SyncConnectionForm />
      <SyncAttention />
    </section>
  );
}
