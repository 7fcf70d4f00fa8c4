/**
 * Proposals past their time to live expire while the app is open: once when it starts,
 * then every minute. Expiry writes only agent data (never the journal).
 */
import { useEffect } from 'react';
import { getDatabase } from '../db/connection';

const SWEEP_EVERY_MS = 60_000;

export function useExpirySweep(): void {
  useEffect(() => {
    let cancelled = false;
    const sweep = () =>
      import('../confirmation/expire-change-sets')
        .then(({ expireChangeSets }) => (cancelled ? 0 : expireChangeSets(getDatabase())))
        .catch((error: unknown) =>
          console.warn('Countersign: expiring old proposals failed; will retry.', error),
        );
    void sweep();
    const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, []);
}
