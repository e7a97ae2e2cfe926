import { Type, type Static } from 'typebox';
import { Nullable, Password, StringEnum, Timestamp } from '../http/common.schemas.js';

/**
 * The kinds of alert, each turned on or off by the user. One more is always on, with no switch:
 * `alerts_changed`, a change to these switches or to the channels (webhook event of that name).
 */
export const ALERT_KINDS = [
  'new_device',
  'failed_sign_in',
  'token_created',
  'security_device_added',
  'export',
  'backup_failed',
  'clock_skew',
  'disk_full',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Where alerts go. E-mail goes to the user's address; Web Push to every subscribed app. */
export const CHANNEL_TYPES = ['email', 'ntfy', 'gotify', 'webhook', 'webpush'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

/**
 * Why a delivery failed, as shown and stored: a closed set. Whatever the remote end did (refused
 * the connection, reset it, timed out, answered 500) is `failed`: the answer must not tell a
 * caller which addresses and ports answer (a port scanner), nor quote an address or a header.
 */
export const DELIVERY_REASONS = [
  'failed',
  'no e-mail address',
  'the mail server refused the message',
  'no subscribed app',
  'the settings cannot be read with the current app key',
] as const;
export type DeliveryReason = (typeof DELIVERY_REASONS)[number];

export const AlertKinds = Type.Object(
  {
    new_device: Type.Boolean({
      description: "A sign-in from a browser and IP range not seen before (2FAuth's notifyOnNewAuthDevice)",
    }),
    failed_sign_in: Type.Boolean({
      description: "A failed sign-in, the first of each 15 minutes (2FAuth's notifyOnFailedLogin)",
    }),
    token_created: Type.Boolean(),
    security_device_added: Type.Boolean(),
    export: Type.Boolean({ description: 'An export of the accounts with their secrets' }),
    backup_failed: Type.Boolean({ description: 'A scheduled backup that failed' }),
    clock_skew: Type.Boolean({
      description: "The server's clock found wrong by its devices, and right again (on by default)",
    }),
    disk_full: Type.Boolean({ description: 'The data disk (DATA_DIR) full: writes refused (on by default)' }),
  },
  { title: 'AlertKinds', description: 'Which events send an alert' },
);
export type AlertKindsView = Static<typeof AlertKinds>;

export const AlertKindsBody = Type.Partial(AlertKinds);
export type AlertKindsInput = Static<typeof AlertKindsBody>;

export const AlertChannel = Type.Object(
  {
    type: StringEnum(CHANNEL_TYPES),
    enabled: Type.Boolean(),
    url: Nullable(
      Type.String({
        description:
          'ntfy topic URL, Gotify server URL or webhook URL; a password in it is shown as ******** (write-only)',
      }),
    ),
    token_set: Type.Boolean({ description: 'An access token (ntfy, Gotify) is stored; never sent back' }),
    secret_set: Type.Boolean({ description: 'A webhook signing secret is stored; never sent back' }),
    subscriptions: Type.Integer({ description: 'Web Push: the subscribed installed apps' }),
    last_sent_at: Nullable(Timestamp),
    last_error: Nullable(
      Type.Unsafe<DeliveryReason>({
        type: 'string',
        enum: [...DELIVERY_REASONS],
        description:
          'Why the last failed delivery failed: `failed` whatever the remote end did (no socket error or status)',
      }),
    ),
    last_error_at: Nullable(Timestamp),
  },
  { title: 'AlertChannel', description: 'An alert channel, without its token or secret' },
);
export type AlertChannelView = Static<typeof AlertChannel>;

export const AlertSettings = Type.Object(
  {
    kinds: AlertKinds,
    channels: Type.Array(AlertChannel),
    vapid_public_key: Type.String({ description: 'The server key for pushManager.subscribe' }),
  },
  { title: 'AlertSettings' },
);

export const ChannelTypeParams = Type.Object({ type: StringEnum(CHANNEL_TYPES) });

export const ChannelBody = Type.Object({
  enabled: Type.Optional(Type.Boolean()),
  url: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  token: Type.Optional(Nullable(Password({ description: 'Kept when omitted' }))),
  secret: Type.Optional(Nullable(Password({ description: 'Kept when omitted' }))),
});
export type ChannelInput = Static<typeof ChannelBody>;

export const TestResult = Type.Object(
  { delivered: Type.Boolean(), channel: AlertChannel },
  { title: 'AlertTestResult' },
);

export const PushSubscriptionBody = Type.Object({
  endpoint: Type.String({ maxLength: 2000 }),
  keys: Type.Object({
    p256dh: Type.String({ maxLength: 200 }),
    auth: Type.String({ maxLength: 100 }),
  }),
});
export type PushSubscriptionInput = Static<typeof PushSubscriptionBody>;
