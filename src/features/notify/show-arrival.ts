/**
 * Shows one arrival as a system notification. The service worker shows it where it runs:
 * its notification stays in the system's list after the tab is closed, and a tap still
 * opens the task (public/notification-click.js); Chrome on Android allows no other kind.
 * Without an active worker (the first visit, a browser without one) the page's own
 * `Notification` shows it, and its click comes back to this page.
 */
export interface ArrivalNotice {
  title: string;
  body: string;
  /** One notification per change set: a repeat replaces it instead of stacking. */
  tag: string;
  /** The app path a tap opens. */
  path: string;
}

interface NotifyingBrowser {
  serviceWorker?: { getRegistration(): Promise<ServiceWorkerRegistration | undefined> };
  Notification?: typeof Notification;
  focus(): void;
}

export async function showArrival(
  notice: ArrivalNotice,
  open: (path: string) => void,
  browser: NotifyingBrowser = {
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    Notification: typeof Notification === 'undefined' ? undefined : Notification,
    focus: () => window.focus(),
  },
) {
  const options = { body: notice.body, tag: notice.tag, icon: '/icons/icon-192.png' };
  const registration = await browser.serviceWorker?.getRegistration().catch(() => undefined);
  if (registration?.active) {
    try {
      await registration.showNotification(notice.title, {
        ...options,
        data: { path: notice.path },
      });
      return;
    } catch {
      // The worker could not show it: the page's own notification still can.
    }
  }
  if (!browser.Notification) return;
  const shown = new browser.Notification(notice.title, options);
  shown.onclick = () => {
    browser.focus();
    open(notice.path);
    shown.close();
  };
}
