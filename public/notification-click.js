// Loaded into the service worker (vite.config.ts, workbox.importScripts). A tap on a
// notification the worker showed (show-arrival.ts prefers it: it outlives the tab, and
// Chrome on Android allows no other kind) opens the task it names: an open window of the
// app is told to open it with its own router (no reload) and brought to the front; with
// none open, a new window opens on it.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(event.notification.data));
});

async function openFromNotification(data) {
  const target = pageOfThisApp(data && data.path);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (!open) return self.clients.openWindow(target.href);
  open.postMessage({
    type: 'countersign:open',
    path: target.pathname + target.search + target.hash,
  });
  // Focus needs the tap's user activation; without it the window still opens the task.
  return open.focus().catch(() => open);
}

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
