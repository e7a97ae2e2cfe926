import { queryOptions } from '@tanstack/react-query';
import type { AlertKinds, BodyOf } from '@twofold/contract';
import { api, unwrap } from '../../api/client';

export type { AlertChannel, AlertKinds } from '@twofold/contract';
export type AlertChannelType = 'email' | 'ntfy' | 'gotify' | 'webhook' | 'webpush';
export type AlertChannelChange = BodyOf<'/api/v1/alerts/channels/{type}', 'put'>;
export type PushSubscriptionBody = BodyOf<'/api/v1/alerts/push-subscriptions', 'post'>;

/** The kinds turned on, the channels (never their token or secret) and the VAPID public key. */
export const alertSettingsQuery = queryOptions({
  queryKey: ['alerts'],
  queryFn: () => unwrap(api.GET('/api/v1/alerts')),
  staleTime: 0,
});

export const setAlertKinds = (body: Partial<AlertKinds>) => unwrap(api.PUT('/api/v1/alerts/kinds', { body }));

export const saveAlertChannel = (type: AlertChannelType, body: AlertChannelChange) =>
  unwrap(api.PUT('/api/v1/alerts/channels/{type}', { params: { path: { type } }, body }));

export const deleteAlertChannel = (type: AlertChannelType) =>
  unwrap(api.DELETE('/api/v1/alerts/channels/{type}', { params: { path: { type } } }));

/** Sends a test alert now; answers whether it was delivered, and the channel's new state. */
export const testAlertChannel = (type: AlertChannelType) =>
  unwrap(api.POST('/api/v1/alerts/channels/{type}/test', { params: { path: { type } } }));

export const subscribeAlertPush = (body: PushSubscriptionBody) =>
  unwrap(api.POST('/api/v1/alerts/push-subscriptions', { body }));
