/**
 * Whether this device shows a notification when proposals arrive from elsewhere. A device
 * setting, not journal data: permission to notify belongs to this browser.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { getDatabase } from '../../db/connection';
import { readSetting, writeSetting } from '../../db/settings';

const KEY = 'notifyOnArrival';

export function useNotifyOnArrival(): boolean | undefined {
  return useLiveQuery(async () => (await readSetting<boolean>(getDatabase(), KEY)) === true, []);
}

export function setNotifyOnArrival(on: boolean) {
  return writeSetting(getDatabase(), KEY, on);
}

export type NotificationSupport = 'granted' | 'denied' | 'default' | 'unsupported';

export function notificationSupport(): NotificationSupport {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}
