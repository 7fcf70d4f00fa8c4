/**
 * A tap on a notification the service worker showed (public/notification-click.js): the
 * worker asks the open page to open the task, and the page does it with its router, so the
 * tap lands without a reload. Only a task page of this app is ever opened.
 */
import { useEffect } from 'react';

const OPEN_MESSAGE = 'countersign:open';

/** The task page a worker's message names; undefined for anything else. */
export function taskPathOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { type, path } = data as { type?: unknown; path?: unknown };
  if (type !== OPEN_MESSAGE || typeof path !== 'string') return undefined;
  return /^\/tasks\/[^/?#]+$/.test(path) ? path : undefined;
}

export function useNotificationTaps(open: (path: string) => void) {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;
    const onMessage = (event: MessageEvent) => {
      const path = taskPathOf(event.data);
      if (path) open(path);
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, [open]);
}
