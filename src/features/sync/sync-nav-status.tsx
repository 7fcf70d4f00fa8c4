/**
 * Where the sync indicator goes in the navigation. It costs the first page of a device
 * without sync one small read: the indicator itself is loaded once sync is set up.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense } from 'react';
import { getDatabase } from '../../db/connection';
import { readSyncConfig } from '../../db/sync-connection';

const SyncStatusPill = lazy(() =>
  import('./sync-status-pill').then((module) => ({ default: module.SyncStatusPill })),
);

export function SyncNavStatus() {
  const configured = useLiveQuery(
    async () => (await readSyncConfig(getDatabase())) !== undefined,
    [],
  );
  if (!configured) return null;
  return (
    <Suspense fallback={null}>
      <SyncStatusPill />
    </Suspense>
  );
}
