/**
 * Shows one arrival as a system notification. A page's own `Notification` is used where
 * the browser allows it (its click comes back to this page); where the constructor is
 * refused (Chrome on Android allows notifications only through the service worker), the
 * service worker shows it, and public/notification-click.js opens the task on a tap.
 */
export interface ArrivalNotice {
  title: string;
  body: string;
  /** One notification per change set: a repeat replaces it instead of stacking. */
  tag: string;
  /** The app path a tap opens. */
  path: string;
}

export async function showArrival(notice: ArrivalNotice, open: (path: string) => void) {
  const options = { body: notice.body, tag: notice.tag, icon: '/icons/icon-192.png' };
  try {
    const shown = new Notification(notice.title, options);
    shown.onclick = () => {
      window.focus();
      open(notice.path);
      shown.close();
    };
    return;
  } catch {
    // The constructor is refused here: fall through to the service worker.
  }
  const registration = await navigator.serviceWorker?.getRegistration();
  await registration?.showNotification(notice.title, { ...options, data: { path: notice.path } });
}
