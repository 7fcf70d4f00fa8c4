// Loaded into the service worker (vite.config.ts, workbox.importScripts). A tap on a
// notification shown through the worker (Chrome on Android allows no other kind) opens
// the task it names: in a window of the app that is already open, else in a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = event.notification.data && event.notification.data.path;
  const target = pageOfThisApp(path);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) return self.clients.openWindow(target.href);
      return open.focus().then((client) => (client ?? open).navigate(target.href));
    }),
  );
});

/** Only a page of this app: never another origin, whatever the notification carries. */
function pageOfThisApp(path) {
  const home = new URL('/', self.location.origin);
  try {
    const asked = new URL(typeof path === 'string' ? path : '/', self.location.origin);
    return asked.origin === self.location.origin ? asked : home;
  } catch {
    return home;
  }
}
