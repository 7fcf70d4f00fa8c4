/**
 * While this device has notifications on, the watcher that announces proposals arriving
 * from elsewhere (arrival-watcher.ts). Its code is fetched only once they are
 * turned on, so the first page of a device without them does not carry it.
 */
import { lazy, Suspense } from 'react';
import { useNotifyOnArrival } from './notify-setting';

const ArrivalWatcher = lazy(() =>
  import('./arrival-watcher').then((module) => ({ default: module.ArrivalWatcher })),
);

export function ArrivalNotifications() {
  const on = useNotifyOnArrival();
  if (!on) return null;
  return (
    <Suspense fallback={null}>
      <ArrivalWatcher />
    </Suspense>
  );
}
