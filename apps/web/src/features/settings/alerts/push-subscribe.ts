import { subscribeAlertPush } from '../../../entities/alerts/alerts.api';

/** Whether this browser can receive Web Push at all (a service worker and the Push API). */
export const pushSupported = () =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined';

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

export type PushOutcome = 'subscribed' | 'denied' | 'unsupported';

/**
 * Subscribes this installed app to the server's alerts: permission, then the browser's push
 * service (pushManager.subscribe with the server's VAPID key), then the subscription to the server.
 */
export async function subscribeThisDevice(vapidPublicKey: string): Promise<PushOutcome> {
  if (!pushSupported()) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(vapidPublicKey),
  });
  const json = subscription.toJSON();
  await subscribeAlertPush({
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  });
  return 'subscribed';
}
