import type { AlertEvent, AlertPort } from '../shared/alerts-port.js';
import type { Deps } from '../shared/deps.js';
import { isLocale, type Locale } from '../i18n/locales.js';
import { translate, type MessageKey } from '../i18n/translate.js';
import { readNativeSetting } from '../settings/settings.queries.js';
import {
  claimBurst,
  deletePushSubscription,
  listChannels,
  listPushSubscriptions,
  markDeviceSeen,
  readKindSwitches,
  readRecipient,
  readTokenName,
  recordDelivery,
  type ChannelRow,
} from './alerts.queries.js';
import type { AlertKind, ChannelType } from './alerts.schemas.js';
import { deviceFacts, deviceHash } from './devices.js';
import { pushTo } from './push.js';
import { DELIVERY_TIMEOUT_MS, DeliveryError, sendTo, type RenderedAlert, type Senders } from './senders.js';
import { openSubscription, openTarget, sealTarget } from './targets.js';

/** One alert stands for a burst of failed sign-ins: at most one per window. */
const FAILED_SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** Waits before each retry of a failed delivery (then the failure is recorded and kept). */
export const RETRY_DELAYS_MS = [500, 2_000, 8_000] as const;
/**
 * How long a change to the alert settings waits for its alert's first attempts, at most: as long
 * as one delivery may take, so a channel that answers is never outrun by the change it reports.
 */
const ANNOUNCE_WAIT_MS = DELIVERY_TIMEOUT_MS;
/** A token reading secrets alerts once per window (each read is an export; one alert says so). */
const SECRETS_READ_WINDOW_MS = 60 * 60 * 1000;

type ServiceDeps = Omit<Deps, 'alerts'>;

/** Whether a kind is on: the two 2FAuth preferences switch theirs, the other kinds are our own. */
export async function kindEnabled(deps: ServiceDeps, kind: AlertKind): Promise<boolean> {
  if (kind === 'new_device') return readNativeSetting(deps.db, 'notifyOnNewAuthDevice');
  if (kind === 'failed_sign_in') return readNativeSetting(deps.db, 'notifyOnFailedLogin');
  return (await readKindSwitches(deps.db)).get(kind) ?? ON_BY_DEFAULT.has(kind);
}

/** Kinds about the server itself: on until the user turns them off. */
const ON_BY_DEFAULT: ReadonlySet<AlertKind> = new Set(['clock_skew', 'disk_full']);

/** `125000` -> `2 min 5 s` (the offset in an alert). */
function duration(ms: number): string {
  const seconds = Math.round(Math.abs(ms) / 1000);
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

async function userLocale(deps: ServiceDeps): Promise<Locale> {
  const lang = await readNativeSetting(deps.db, 'lang');
  return isLocale(lang) ? lang : 'en';
}

export async function renderAlert(
  deps: ServiceDeps,
  event: AlertKind | 'alerts_changed' | 'test',
  facts: Record<string, string>,
  /** A variant of the kind's text (`alert.<kind>.gone`): its title and body keys' prefix. */
  variant?: string,
): Promise<RenderedAlert> {
  const locale = await userLocale(deps);
  const prefix = variant ?? `alert.${event}`;
  return {
    event,
    title: translate(locale, `${prefix}.title` as MessageKey),
    body: translate(locale, `${prefix}.body` as MessageKey, facts),
    urgent: event === 'new_device' || event === 'failed_sign_in' || event === 'alerts_changed',
    occurredAt: deps.clock.now(),
    facts,
  };
}

/** The alert an event calls for, if its kind is on (and, for a device, if it is new). */
async function alertOf(deps: ServiceDeps, event: AlertEvent): Promise<RenderedAlert | undefined> {
  switch (event.kind) {
    case 'signed_in': {
      const facts = await deviceFacts(event.ip, event.userAgent);
      const isNew = await markDeviceSeen(deps.db, deviceHash(deps.keys.current, facts), deps.clock.now());
      if (!isNew || event.registered || !(await kindEnabled(deps, 'new_device'))) return undefined;
      return renderAlert(deps, 'new_device', {
        browser: facts.browser,
        platform: facts.platform,
        ip: event.ip,
      });
    }
    case 'sign_in_failed': {
      if (!(await kindEnabled(deps, 'failed_sign_in'))) return undefined;
      const now = deps.clock.now();
      const since = new Date(now.getTime() - FAILED_SIGN_IN_WINDOW_MS);
      if (!(await claimBurst(deps.db, 'failed_sign_in', now, since))) return undefined;
      return renderAlert(deps, 'failed_sign_in', { ip: event.ip });
    }
    case 'token_created':
      if (!(await kindEnabled(deps, 'token_created'))) return undefined;
      return renderAlert(deps, 'token_created', { name: event.name });
    case 'security_device_added':
      if (!(await kindEnabled(deps, 'security_device_added'))) return undefined;
      return renderAlert(deps, 'security_device_added', {});
    case 'export':
      if (!(await kindEnabled(deps, 'export'))) return undefined;
      return renderAlert(deps, 'export', { format: event.format });
    case 'secrets_read': {
      if (!(await kindEnabled(deps, 'export'))) return undefined;
      const name = await readTokenName(deps.db, event.tokenId);
      return renderAlert(deps, 'export', { format: `withSecret, token "${name ?? event.tokenId}"` });
    }
    case 'backup_failed':
      if (!(await kindEnabled(deps, 'backup_failed'))) return undefined;
      return renderAlert(deps, 'backup_failed', {});
    case 'clock_skew':
      if (!(await kindEnabled(deps, 'clock_skew'))) return undefined;
      if (event.offsetMs === null) return renderAlert(deps, 'clock_skew', {}, 'alert.clock_skew.gone');
      return renderAlert(deps, 'clock_skew', {
        offset: `${event.offsetMs > 0 ? '+' : '−'}${duration(event.offsetMs)}`,
      });
    case 'disk_full':
      if (!(await kindEnabled(deps, 'disk_full'))) return undefined;
      return renderAlert(deps, 'disk_full', {});
    case 'alerts_changed':
      return renderAlert(deps, 'alerts_changed', { changes: event.changes.join(', ') });
  }
}

/**
 * The channels an alert goes to: the enabled ones. A change to the alert settings goes by e-mail
 * too, even with the e-mail channel off or removed (the change may be what removed it).
 */
async function channelsFor(deps: ServiceDeps, event: AlertEvent): Promise<ChannelRow[]> {
  const channels = (await listChannels(deps.db)).filter((channel) => channel.enabled);
  if (event.kind !== 'alerts_changed' || channels.some((channel) => channel.type === 'email'))
    return channels;
  const email: ChannelRow = {
    type: 'email',
    enabled: true,
    target: sealTarget(deps.keys, 'email', {}),
    last_sent_at: null,
    last_error: null,
    last_error_at: null,
  };
  return [...channels, email];
}

export async function sendersOf(deps: ServiceDeps): Promise<Senders> {
  return {
    mailer: deps.mailer,
    recipient: (await readRecipient(deps.db))?.email,
    push: (subscription, payload) => pushTo(deps, subscription, payload),
    subscriptions: async () =>
      (await listPushSubscriptions(deps.db)).flatMap((row) => {
        const target = openSubscription(deps.keys, row.subscription);
        return target ? [{ id: row.id, target }] : [];
      }),
    forget: (id) => deletePushSubscription(deps.db, id),
  };
}

/** One attempt on one channel; its outcome is recorded on the channel (shown in Settings). */
export async function attempt(
  deps: ServiceDeps,
  senders: Senders,
  channel: ChannelRow,
  alert: RenderedAlert,
): Promise<DeliveryError | undefined> {
  const type = channel.type as ChannelType;
  const target = openTarget(deps.keys, type, channel.target);
  try {
    if (!target) throw new DeliveryError('the settings cannot be read with the current app key');
    await sendTo(senders, type, target, alert);
    await recordDelivery(deps.db, type, { at: deps.clock.now() });
    return undefined;
  } catch (error) {
    const failure = error instanceof DeliveryError ? error : new DeliveryError('failed');
    // Only the error's name: a library's message might quote the address or a header.
    if (!(error instanceof DeliveryError))
      deps.log.error({ error: (error as Error).name, channel: type }, 'alert delivery failed');
    await recordDelivery(deps.db, type, { error: failure.reason, at: deps.clock.now() });
    return failure;
  }
}

/**
 * Whether a token's read of the secrets was alerted within the window: then this one is not (kept
 * in memory, per process; the injected clock decides).
 */
function secretsReadThrottle(deps: ServiceDeps): (event: AlertEvent) => boolean {
  const alertedAt = new Map<string, number>();
  return (event) => {
    if (event.kind !== 'secrets_read') return false;
    const now = deps.clock.now().getTime();
    for (const [tokenId, at] of alertedAt) if (now - at >= SECRETS_READ_WINDOW_MS) alertedAt.delete(tokenId);
    if (alertedAt.has(event.tokenId)) return true;
    alertedAt.set(event.tokenId, now);
    return false;
  };
}

/**
 * The app's alerts: `raise` works in the background, so the request that caused the event never
 * waits for (nor fails with) a channel; each channel is retried on its own with a growing wait.
 * `announce` waits (a little) for the first attempts: a change that silences a channel is told
 * through it before it takes effect.
 */
export function createAlerts(deps: ServiceDeps): AlertPort {
  const pending = new Set<Promise<void>>();
  const throttled = secretsReadThrottle(deps);
  let closed = false;
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

  const deliver = async (senders: Senders, channel: ChannelRow, alert: RenderedAlert, tried: () => void) => {
    for (let tries = 0; !closed; tries += 1) {
      const failure = await attempt(deps, senders, channel, alert);
      if (tries === 0) tried();
      if (!failure) return;
      const delay = RETRY_DELAYS_MS[tries];
      deps.log.warn(
        { channel: channel.type, reason: failure.detail ?? failure.reason, tries: tries + 1 },
        'alert not delivered',
      );
      if (delay === undefined) return;
      await wait(delay);
    }
  };

  /** Sends the event's alert; `ready` is called once every channel had its first attempt. */
  const process = async (event: AlertEvent, ready: () => void) => {
    try {
      const alert = await alertOf(deps, event);
      if (!alert) return;
      const channels = await channelsFor(deps, event);
      const senders = await sendersOf(deps);
      let untried = channels.length;
      const tried = () => {
        untried -= 1;
        if (untried === 0) ready();
      };
      await Promise.all(channels.map((channel) => deliver(senders, channel, alert, tried)));
    } finally {
      ready();
    }
  };

  const start = (event: AlertEvent, ready: () => void) => {
    if (closed || throttled(event)) return ready();
    // A database out of reach (a restart) costs the alert, never the request that raised it.
    const task = process(event, ready).catch((error: unknown) => {
      deps.log.warn({ err: error, event: event.kind }, 'alert not processed');
    });
    pending.add(task);
    void task.finally(() => pending.delete(task));
  };

  return {
    raise(event) {
      start(event, () => undefined);
    },
    announce(event) {
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ANNOUNCE_WAIT_MS);
        timer.unref();
        start(event, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close() {
      closed = true;
    },
  };
}
