// Loaded by the generated service worker (vite.config.ts, workbox importScripts): shows the
// server's alerts (Web Push) as notifications, and opens the app when one is clicked. The payload
// is the server's JSON { title, body, event }: never a code, a secret or a password.
self.addEventListener('push', (event) => {
  let alert = { title: 'Twofold', body: '' };
  try {
    alert = { ...alert, ...event.data.json() };
  } catch {
    // A push without a JSON payload still shows the app's name.
  }
  event.waitUntil(
    self.registration.showNotification(alert.title, {
      body: alert.body,
      icon: '/icon-192.png',
      tag: alert.event,
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      const open = windows.find((client) => 'focus' in client);
      return open ? open.focus() : self.clients.openWindow('/settings/alerts');
    }),
  );
});
