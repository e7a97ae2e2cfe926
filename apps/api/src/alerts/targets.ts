import { createHash, createHmac } from 'node:crypto';
import type { AppKeys } from '../config/app-key.js';
import { decryptValue, encryptValue } from '../crypto/encryption.js';
import type { ChannelType } from './alerts.schemas.js';

/**
 * A channel's address and credentials. Stored as JSON encrypted with the app key: an ntfy or
 * Gotify token, a webhook secret and even a topic URL are the user's credentials.
 */
export interface ChannelTarget {
  readonly url?: string;
  readonly token?: string;
  readonly secret?: string;
}

export interface PushSubscriptionTarget {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

const channelAad = (type: ChannelType) => Buffer.from(`alert_channels.target.${type}`, 'utf8');
const pushAad = Buffer.from('alert_push_subscriptions.subscription', 'utf8');
const vapidAad = Buffer.from('alert_vapid_keys.private_key', 'utf8');

export function sealTarget(keys: AppKeys, type: ChannelType, target: ChannelTarget): string {
  return encryptValue(keys.current, JSON.stringify(target), channelAad(type));
}

/** The stored target, or undefined when the app key that sealed it is gone. */
export function openTarget(keys: AppKeys, type: ChannelType, stored: string): ChannelTarget | undefined {
  const opened = decryptValue(keys, stored, channelAad(type));
  return opened.ok ? (JSON.parse(opened.value) as ChannelTarget) : undefined;
}

export function sealSubscription(keys: AppKeys, subscription: PushSubscriptionTarget): string {
  return encryptValue(keys.current, JSON.stringify(subscription), pushAad);
}

export function openSubscription(keys: AppKeys, stored: string): PushSubscriptionTarget | undefined {
  const opened = decryptValue(keys, stored, pushAad);
  return opened.ok ? (JSON.parse(opened.value) as PushSubscriptionTarget) : undefined;
}

export const sealVapidKey = (keys: AppKeys, privateKey: string) =>
  encryptValue(keys.current, privateKey, vapidAad);

export function openVapidKey(keys: AppKeys, stored: string): string | undefined {
  const opened = decryptValue(keys, stored, vapidAad);
  return opened.ok ? opened.value : undefined;
}

/** A push endpoint's identity for de-duplication, without keeping the endpoint in clear. */
export const endpointHash = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex');

/** The HMAC-SHA256 signature of a webhook body, as sent in `X-Twofold-Signature`. */
export const webhookSignature = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
