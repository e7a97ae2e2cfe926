import type { Deps } from '../shared/deps.js';
import { insertVapidKeys, readVapidKeys } from './alerts.queries.js';
import { postToChannel } from './senders.js';
import { openVapidKey, sealVapidKey, type PushSubscriptionTarget } from './targets.js';

/** web-push (the Web Push protocol: aes128gcm payload encryption and VAPID) is loaded on first use. */
const webPush = async () => (await import('web-push')).default;

export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
}

/**
 * The server's VAPID key pair, generated once and kept in the database (the private key encrypted
 * with the app key), so every replica and every restart signs with the same key that the
 * installed apps subscribed with.
 */
export async function vapidKeys(deps: Pick<Deps, 'db' | 'keys' | 'clock'>): Promise<VapidKeys> {
  let stored = await readVapidKeys(deps.db);
  if (!stored) {
    const generated = (await webPush()).generateVAPIDKeys();
    await insertVapidKeys(deps.db, {
      publicKey: generated.publicKey,
      privateKey: sealVapidKey(deps.keys, generated.privateKey),
      now: deps.clock.now(),
    });
    stored = await readVapidKeys(deps.db);
  }
  const privateKey = stored ? openVapidKey(deps.keys, stored.private_key) : undefined;
  if (!stored || !privateKey) throw new Error('the VAPID key cannot be read with the current app key');
  return { publicKey: stored.public_key, privateKey };
}

/**
 * Encrypts the payload for one subscription and signs the request (web-push), then posts it
 * ourselves: the endpoint may be a push service on the user's own network over plain HTTP.
 */
export async function pushTo(
  deps: Pick<Deps, 'db' | 'keys' | 'clock' | 'config'>,
  subscription: PushSubscriptionTarget,
  payload: string,
): Promise<void> {
  const keys = await vapidKeys(deps);
  const details = (await webPush()).generateRequestDetails(subscription, payload, {
    vapidDetails: {
      subject: `mailto:${deps.config.MAIL_FROM_ADDRESS}`,
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
    },
    TTL: 24 * 60 * 60,
    contentEncoding: 'aes128gcm',
  });
  const headers = Object.fromEntries(
    Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
  );
  await postToChannel(details.endpoint, { headers, body: details.body });
}
