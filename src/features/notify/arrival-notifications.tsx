/**
 * While this device has notifications on, the watcher that announces proposals arriving
 * from elsewhere (arrival-watcher.ts). Its code is fetched only once they are
 * turned on, so the first page of a device without them does not carry it. A tap on a
 * notification is heard whether they are on or not: one shown before they were turned
 * off still opens its task.
 */
import { lazy, Suspense, useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useNotificationTaps } from './notification-taps';
import { useNotifyOnArrival } from './notify-setting';

const ArrivalWatcher = lazy(() =>
  import('./arrival-watcher').then((module) => ({ default: module.ArrivalWatcher })),
);

export function ArrivalNotifications() {
  const on = useNotifyOnArrival();
  const navigate = useNavigate();
  useNotificationTaps(useCallback((path: string) => void navigate(path), [navigate]));
  if (!on) return null;
  return (
    <Suspense fallback={null}>
      <ArrivalWatcher />
    </Suspense>
  );
}
