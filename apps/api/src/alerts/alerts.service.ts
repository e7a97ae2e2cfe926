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
  pushSubscriptionExists,
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
import { checkedEndpoint, maskedUrl, urlToStore } from './channel-url.js';
import { vapidKeys } from './push.js';
import { shownReason } from './senders.js';
import { endpointHash, openTarget, sealSubscription, sealTarget, type ChannelTarget } from './targets.js';

export async function alertKinds(deps: Deps): Promise<AlertKindsView> {
  const entries = await Promise.all(ALERT_KINDS.map(async (kind) => [kind, await kindEnabled(deps, kind)]));
  return Object.fromEntries(entries) as AlertKindsView;
}

/**
 * Turns kinds on or off. Each change is announced on the channels first (a kind turned off
 * silences them for it); unchanged kinds are not.
 */
export async function setAlertKinds(deps: Deps, input: AlertKindsInput): Promise<AlertKindsView> {
  const current = await alertKinds(deps);
  const changed = ALERT_KINDS.filter((kind) => input[kind] !== undefined && input[kind] !== current[kind]);
  if (changed.length > 0)
    await deps.alerts.announce({
      kind: 'alerts_changed',
      changes: changed.map((kind) => `${kind}: ${input[kind] ? 'on' : 'off'}`),
    });
  const now = deps.clock.now();
  for (const kind of changed) {
    const enabled = input[kind] === true;
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
    url: target.url === undefined ? null : maskedUrl(target.url),
    token_set: Boolean(target.token),
    secret_set: Boolean(target.secret),
    subscriptions: type === 'webpush' ? subscriptions : 0,
    last_sent_at: row.last_sent_at ? toTimestamp(row.last_sent_at) : null,
    last_error: row.last_error === null ? null : shownReason(row.last_error),
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

/**
 * The target to store. A token or secret left out keeps the stored one, unless the URL changed:
 * then it is dropped (a credential of one server is never sent to another).
 */
function targetToStore(type: ChannelType, input: ChannelInput, previous: ChannelTarget): ChannelTarget {
  if (type !== 'ntfy' && type !== 'gotify' && type !== 'webhook') return {};
  const url = urlToStore(input.url === undefined ? previous.url : input.url, previous.url);
  const moved = url !== previous.url;
  const keep = (value: string | null | undefined, old: string | undefined) =>
    value === undefined ? (moved ? undefined : old) : (value ?? undefined);
  const token = keep(input.token, previous.token);
  const secret = keep(input.secret, previous.secret);
  if (type === 'gotify' && !token) throw invalid('token', 'validation.required');
  if (type === 'webhook' && !secret) throw invalid('secret', 'validation.required');
  return type === 'webhook' ? { url, secret } : { url, ...(token ? { token } : {}) };
}

/** What a save changes, as the alert names it (`ntfy: url, token`); empty when nothing. */
function channelChanges(
  type: ChannelType,
  existing: { enabled: boolean; target: ChannelTarget } | undefined,
  next: { enabled: boolean; target: ChannelTarget },
): string[] {
  if (!existing) return [`${type}: added`];
  const parts = [
    ...(existing.enabled === next.enabled ? [] : [next.enabled ? 'on' : 'off']),
    ...(['url', 'token', 'secret'] as const).filter((field) => existing.target[field] !== next.target[field]),
  ];
  return parts.length === 0 ? [] : [`${type}: ${parts.join(', ')}`];
}

/**
 * Creates or edits a channel. Any change is announced on the channels as they are (and by e-mail)
 * before it is saved: a channel turned off or moved elsewhere still tells its owner.
 */
export async function saveAlertChannel(
  deps: Deps,
  type: ChannelType,
  input: ChannelInput,
): Promise<AlertChannelView> {
  if (!CHANNEL_TYPES.includes(type)) throw errors.notFound();
  const existing = await findChannel(deps.db, type);
  const previous: ChannelTarget = existing ? (openTarget(deps.keys, type, existing.target) ?? {}) : {};
  const target = targetToStore(type, input, previous);
  const enabled = input.enabled ?? existing?.enabled ?? true;
  const changes = channelChanges(type, existing && { enabled: existing.enabled, target: previous }, {
    enabled,
    target,
  });
  if (changes.length > 0) await deps.alerts.announce({ kind: 'alerts_changed', changes });
  await saveChannel(deps.db, {
    type,
    enabled,
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

/** Removes a channel, once its removal was announced (through it too). */
export async function removeAlertChannel(deps: Deps, type: ChannelType): Promise<void> {
  if (!(await findChannel(deps.db, type))) throw errors.notFound();
  await deps.alerts.announce({ kind: 'alerts_changed', changes: [`${type}: removed`] });
  if (!(await deleteChannel(deps.db, type))) throw errors.notFound();
}

/**
 * The test button: one attempt now, its outcome answered and recorded on the channel: delivered
 * or not, never why the remote end failed (socket errors and statuses stay in the server log).
 */
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
  const known = await pushSubscriptionExists(deps.db, endpointHash(endpoint));
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
  if (!known) deps.alerts.raise({ kind: 'alerts_changed', changes: ['webpush: app added'] });
  return { id };
}

/** Forgets a subscribed app, once that was announced (to the app too). */
export async function unsubscribePush(deps: Deps, endpoint: string): Promise<void> {
  const hash = endpointHash(endpoint);
  if (!(await pushSubscriptionExists(deps.db, hash))) throw errors.notFound();
  await deps.alerts.announce({ kind: 'alerts_changed', changes: ['webpush: app removed'] });
  if (!(await deletePushSubscriptionByHash(deps.db, hash))) throw errors.notFound();
}
