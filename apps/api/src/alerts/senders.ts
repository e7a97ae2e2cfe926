import http from 'node:http';
import https from 'node:https';
import type { Mailer } from '../mail/mailer.js';
import { DELIVERY_REASONS, type ChannelType, type DeliveryReason } from './alerts.schemas.js';
import { webhookSignature, type ChannelTarget, type PushSubscriptionTarget } from './targets.js';

/** An alert as the channels send it: already in the user's language, facts only. */
export interface RenderedAlert {
  readonly event: string;
  readonly title: string;
  readonly body: string;
  readonly urgent: boolean;
  readonly occurredAt: Date;
  readonly facts: Readonly<Record<string, string>>;
}

/** A stored reason as it may be shown: one of the closed set (older rows kept socket details). */
export const shownReason = (stored: string): DeliveryReason =>
  (DELIVERY_REASONS as readonly string[]).includes(stored) ? (stored as DeliveryReason) : 'failed';

/** A delivery that failed: a reason safe to show and store, a detail for the server log only. */
export class DeliveryError extends Error {
  constructor(
    readonly reason: DeliveryReason,
    /** The push service says the subscription is gone (404/410): it is removed, not retried. */
    readonly gone = false,
    /** The status or socket error code (`HTTP 500`, `ECONNREFUSED`): logged, never answered. */
    readonly detail?: string,
  ) {
    super(reason);
  }
}

/** How long one delivery over HTTP may take. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * A POST to the user's own address (LAN and loopback allowed: the user configured it). Node's
 * http rather than fetch, which refuses some ports a self-hoster may use (the browsers' list).
 */
function post(url: string, init: { headers: Record<string, string>; body: string | Buffer }): Promise<void> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.reject(new DeliveryError('failed', false, 'invalid address'));
  }
  const body = typeof init.body === 'string' ? Buffer.from(init.body, 'utf8') : init.body;
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise<void>((resolve, reject) => {
    const request = transport.request(
      target,
      {
        method: 'POST',
        headers: { ...init.headers, 'content-length': String(body.length) },
        timeout: DELIVERY_TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve();
        else reject(new DeliveryError('failed', status === 404 || status === 410, `HTTP ${status}`));
      },
    );
    request.on('timeout', () => request.destroy(new DeliveryError('failed', false, 'timed out')));
    request.on('error', (error: Error & { code?: string }) =>
      reject(
        error instanceof DeliveryError
          ? error
          : new DeliveryError('failed', false, error.code ?? 'connection failed'),
      ),
    );
    request.end(body);
  });
}

/** HTTP header values are Latin-1: other titles go as RFC 2047 encoded words, which ntfy reads. */
const headerText = (text: string) =>
  /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;

export const webhookBody = (alert: RenderedAlert) =>
  JSON.stringify({
    event: alert.event,
    title: alert.title,
    message: alert.body,
    occurred_at: alert.occurredAt.toISOString(),
    facts: alert.facts,
  });

export interface Senders {
  readonly mailer: Mailer;
  /** The user's address (e-mail channel). */
  readonly recipient: string | undefined;
  /** Sends to one Web Push subscription (push.ts). */
  readonly push: (subscription: PushSubscriptionTarget, payload: string) => Promise<void>;
  readonly subscriptions: () => Promise<readonly { id: number; target: PushSubscriptionTarget }[]>;
  /** Removes a subscription the push service no longer knows. */
  readonly forget: (id: number) => Promise<void>;
}

export async function sendTo(
  senders: Senders,
  type: ChannelType,
  target: ChannelTarget,
  alert: RenderedAlert,
): Promise<void> {
  switch (type) {
    case 'email':
      if (!senders.recipient) throw new DeliveryError('no e-mail address');
      try {
        await senders.mailer.send({ to: senders.recipient, subject: alert.title, text: `${alert.body}\n` });
      } catch {
        throw new DeliveryError('the mail server refused the message');
      }
      return;
    case 'ntfy':
      return post(target.url ?? '', {
        headers: {
          'content-type': 'text/plain; charset=utf-8',
          title: headerText(alert.title),
          priority: alert.urgent ? '4' : '3',
          tags: 'lock',
          ...(target.token ? { authorization: `Bearer ${target.token}` } : {}),
        },
        body: alert.body,
      });
    case 'gotify':
      return post(`${(target.url ?? '').replace(/\/+$/, '')}/message`, {
        headers: { 'content-type': 'application/json', 'x-gotify-key': target.token ?? '' },
        body: JSON.stringify({ title: alert.title, message: alert.body, priority: alert.urgent ? 8 : 5 }),
      });
    case 'webhook': {
      const body = webhookBody(alert);
      return post(target.url ?? '', {
        headers: {
          'content-type': 'application/json',
          'x-twofold-event': alert.event,
          'x-twofold-signature': webhookSignature(target.secret ?? '', body),
        },
        body,
      });
    }
    case 'webpush': {
      const subscriptions = await senders.subscriptions();
      if (subscriptions.length === 0) throw new DeliveryError('no subscribed app');
      const payload = JSON.stringify({ title: alert.title, body: alert.body, event: alert.event });
      let delivered = 0;
      let failure: DeliveryError | undefined;
      for (const { id, target: subscription } of subscriptions) {
        try {
          await senders.push(subscription, payload);
          delivered += 1;
        } catch (error) {
          if (error instanceof DeliveryError && error.gone) await senders.forget(id);
          else failure = error instanceof DeliveryError ? error : new DeliveryError('failed');
        }
      }
      if (delivered === 0) throw failure ?? new DeliveryError('no subscribed app');
      return;
    }
  }
}

export { post as postToChannel };
