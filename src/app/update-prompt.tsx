/**
 * Registers the service worker and, when a new version is waiting, asks before
 * switching, so a half-written entry is never lost to a surprise reload. "Ready to work
 * offline" needs no answer: it is said to screen readers as it happens, and shown in
 * Settings → Storage, never as a toast over the top of the page on the first visit.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { storageQueries } from '../features/settings/storage-queries';
import { showToast } from '../ui/toast-store';

const OFFLINE_READY_MESSAGE = 'Countersign is ready to work offline.';

export function UpdatePrompt() {
  const queryClient = useQueryClient();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onOfflineReady: () => {
      showToast({ message: OFFLINE_READY_MESSAGE, spokenOnly: true });
      void queryClient.invalidateQueries({ queryKey: storageQueries.offline().queryKey });
    },
  });

  if (!needRefresh) return null;
  return (
    <div className="update-prompt card" role="status" aria-live="polite">
      <span>A new version of Countersign is ready.</span>
      <div className="row">
        <button
          type="button"
          className="button button--primary"
          onClick={() => void updateServiceWorker(true)}
        >
          Update now
        </button>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => setNeedRefresh(false)}
        >
          Later
        </button>
      </div>
    </div>
  );
}
