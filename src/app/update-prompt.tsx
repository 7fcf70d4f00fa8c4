/**
 * Registers the service worker and, when a new version is waiting, asks before
 * switching, so a half-written entry is never lost to a surprise reload.
 */
import { useRegisterSW } from 'virtual:pwa-register/react';

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW();

  if (!needRefresh && !offlineReady) return null;
  return (
    <div className="update-prompt card" role="status" aria-live="polite">
      {needRefresh ? (
        <>
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
        </>
      ) : (
        <>
          <span>Countersign is ready to work offline.</span>
          <button
            type="button"
            className="button button--quiet"
            onClick={() => setOfflineReady(false)}
          >
            OK
          </button>
        </>
      )}
    </div>
  );
}
