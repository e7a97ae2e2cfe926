import type { Deps } from '../shared/deps.js';
import { errors } from '../http/errors.js';
import { invalid } from '../http/field-errors.js';
import { toTimestamp } from '../http/common.schemas.js';
import { writeNativeSetting } from '../settings/settings.queries.js';
import {
  countPushSubscriptions,
  deleteChannel,
  deletePushSubscriptionByHash,
  findChannel,
  listChannels,
  saveChannel,
  savePushSubscription,
  writeKindSwitch,
  type ChannelRow,
} from './alerts.queries.js';
import {
  ALERT_KINDS,
  CHANNEL_TYPES,
  type AlertChannelView,
  type AlertKindsInput,
  type AlertKindsView,
  type ChannelInput,
  type ChannelType,
  type PushSubscriptionInput,
} from './alerts.schemas.js';
import { attempt, kindEnabled, renderAlert, sendersOf } from './alert-dispatcher.js';
import { vapidKeys } from './push.js';
import { endpointHash, openTarget, sealSubscription, sealTarget, type ChannelTarget } from './targets.js';

export async function alertKinds(deps: Deps): Promise<AlertKindsView> {
  const entries = await Promise.all(ALERT_KINDS.map(async (kind) => [kind, await kindEnabled(deps, kind)]));
  return Object.fromEntries(entries) as AlertKindsView;
}

export async function setAlertKinds(deps: Deps, input: AlertKindsInput): Promise<AlertKindsView> {
  const now = deps.clock.now();
  for (const kind of ALERT_KINDS) {
    const enabled = input[kind];
    if (enabled === undefined) continue;
    // 2FAuth clients read and write these two kinds as preferences: one value, kept there.
    if (kind === 'new_device') await writeNativeSetting(deps.db, 'notifyOnNewAuthDevice', enabled, now);
    else if (kind === 'failed_sign_in')
      await writeNativeSetting(deps.db, 'notifyOnFailedLogin', enabled, now);
    else await writeKindSwitch(deps.db, kind, enabled);
  }
  return alertKinds(deps);
}

function channelView(deps: Deps, row: ChannelRow, subscriptions: number): AlertChannelView {
  const type = row.type as ChannelType;
  const target = openTarget(deps.keys, type, row.target) ?? {};
  return {
    type,
    enabled: row.enabled,
    url: target.url ?? null,
    token_set: Boolean(target.token),
    secret_set: Boolean(target.secret),
    subscriptions: type === 'webpush' ? subscriptions : 0,
    last_sent_at: row.last_sent_at ? toTimestamp(row.last_sent_at) : null,
    last_error: row.last_error,
    last_error_at: row.last_error_at ? toTimestamp(row.last_error_at) : null,
  };
}

export async function alertSettings(deps: Deps) {
  const [kinds, rows, subscriptions, keys] = await Promise.all([
    alertKinds(deps),
    listChannels(deps.db),
    countPushSubscriptions(deps.db),
    vapidKeys(deps),
  ]);
  return {
    kinds,
    channels: rows.map((row) => channelView(deps, row, subscriptions)),
    vapid_public_key: keys.publicKey,
  };
}

function checkedUrl(url: string | null | undefined): string {
  if (!url) throw invalid('url', 'validation.required');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid('url', 'validation.url');
  }
  // Any host, LAN and loopback included: the address is the signed-in user's own ntfy, Gotify or
  // receiver, not one handed to the server by someone else (as a logo address is).
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw invalid('url', 'validation.url');
  return parsed.toString();
}

/** Creates or edits a channel; a token or secret left out keeps the stored one. */
export async function saveAlertChannel(
  deps: Deps,
  type: ChannelType,
  input: ChannelInput,
): Promise<AlertChannelView> {
  if (!CHANNEL_TYPES.includes(type)) throw errors.notFound();
  const existing = await findChannel(deps.db, type);
  const previous: ChannelTarget = existing ? (openTarget(deps.keys, type, existing.target) ?? {}) : {};
  const keep = (value: string | null | undefined, old: string | undefined) =>
    value === undefined ? old : (value ?? undefined);
  let target: ChannelTarget = {};
  if (type === 'ntfy' || type === 'gotify' || type === 'webhook') {
    const url = checkedUrl(input.url === undefined ? previous.url : input.url);
    const token = keep(input.token, previous.token);
    const secret = keep(input.secret, previous.secret);
    if (type === 'gotify' && !token) throw invalid('token', 'validation.required');
    if (type === 'webhook' && !secret) throw invalid('secret', 'validation.required');
    target = type === 'webhook' ? { url, secret } : { url, ...(token ? { token } : {}) };
  }
  await saveChannel(deps.db, {
    type,
    enabled: input.enabled ?? existing?.enabled ?? true,
    target: sealTarget(deps.keys, type, target),
    now: deps.clock.now(),
  });
  return viewOf(deps, type);
}

async function viewOf(deps: Deps, type: ChannelType): Promise<AlertChannelView> {
  const row = await findChannel(deps.db, type);
  if (!row) throw errors.notFound();
  return channelView(deps, row, await countPushSubscriptions(deps.db));
}

export async function removeAlertChannel(deps: Deps, type: ChannelType): Promise<void> {
  if (!(await deleteChannel(deps.db, type))) throw errors.notFound();
}

/** The test button: one attempt now, its outcome answered and recorded on the channel. */
export async function testAlertChannel(deps: Deps, type: ChannelType) {
  const row = await findChannel(deps.db, type);
  if (!row) throw errors.notFound();
  const alert = await renderAlert(deps, 'test', {});
  const failure = await attempt(deps, await sendersOf(deps), row, alert);
  return { delivered: failure === undefined, channel: await viewOf(deps, type) };
}

export async function subscribePush(deps: Deps, input: PushSubscriptionInput): Promise<{ id: number }> {
  const endpoint = checkedEndpoint(input.endpoint);
  const decoded = (text: string) => Buffer.from(text, 'base64url');
  // An uncompressed P-256 point and a 16-byte secret, as pushManager.subscribe gives them.
  const p256dh = decoded(input.keys.p256dh);
  if (p256dh.length !== 65 || p256dh[0] !== 4) throw invalid('keys.p256dh', 'validation.regex');
  if (decoded(input.keys.auth).length !== 16) throw invalid('keys.auth', 'validation.regex');
  const id = await savePushSubscription(deps.db, {
    endpointHash: endpointHash(endpoint),
    subscription: sealSubscription(deps.keys, { endpoint, keys: input.keys }),
    now: deps.clock.now(),
  });
  // The first subscribed app turns the Web Push channel on.
  if (!(await findChannel(deps.db, 'webpush')))
    await saveChannel(deps.db, {
      type: 'webpush',
      enabled: true,
      target: sealTarget(deps.keys, 'webpush', {}),
      now: deps.clock.now(),
    });
  return { id };
}

export async function unsubscribePush(deps: Deps, endpoint: string): Promise<void> {
  if (!(await deletePushSubscriptionByHash(deps.db, endpointHash(endpoint)))) throw errors.notFound();
}

function checkedEndpoint(endpoint: string): string {
  try {
    return checkedUrl(endpoint);
  } catch {
    throw invalid('endpoint', 'validation.url');
  }
}
