import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import {
  alertSettingsQuery,
  deleteAlertChannel,
  saveAlertChannel,
  testAlertChannel,
  type AlertChannel,
  type AlertChannelChange,
  type AlertChannelType,
} from '../../../entities/alerts/alerts.api';
import { Field, FormError } from '../../../ui/forms';
import { notify } from '../../../ui/notify';

/** Which fields a channel has: a URL, a token (ntfy optional, Gotify required), a secret (webhook). */
const FIELDS: Record<AlertChannelType, { url: boolean; token: boolean; secret: boolean }> = {
  email: { url: false, token: false, secret: false },
  ntfy: { url: true, token: true, secret: false },
  gotify: { url: true, token: true, secret: false },
  webhook: { url: true, token: false, secret: true },
  webpush: { url: false, token: false, secret: false },
};

/** One channel: its fields, save, send a test alert, remove, and how its last delivery went. */
export function ChannelCard({
  type,
  channel,
  children,
}: {
  readonly type: AlertChannelType;
  readonly channel: AlertChannel | undefined;
  readonly children?: ReactNode;
}) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const fields = FIELDS[type];
  const [url, setUrl] = useState(channel?.url ?? '');
  const [token, setToken] = useState('');
  const [secret, setSecret] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = () => queryClient.invalidateQueries({ queryKey: alertSettingsQuery.queryKey });
  const save = useMutation({
    mutationFn: (body: AlertChannelChange) => saveAlertChannel(type, body),
    meta: { handles: [422] },
    onSuccess: async () => {
      setErrors({});
      setToken('');
      setSecret('');
      notify('success', t('alerts.channelSaved'));
      await refresh();
    },
    onError: (error) => {
      if (!isApiError(error, 422)) return;
      setErrors(
        Object.fromEntries(Object.entries(error.fieldErrors).map(([field, list]) => [field, list[0] ?? ''])),
      );
    },
  });
  const onRemoved = () => setUrl('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      enabled: true,
      ...(fields.url ? { url } : {}),
      ...(fields.token && token !== '' ? { token } : {}),
      ...(fields.secret && secret !== '' ? { secret } : {}),
    });
  };
  const title = t(`alerts.channels.${type}`);

  return (
    <section className="alert-channel" aria-label={title}>
      <h3>{title}</h3>
      <p className="field-help">{t(`alerts.channelHelp.${type}`)}</p>
      {children}
      {(fields.url || !channel) && type !== 'webpush' && (
        <form onSubmit={submit} noValidate className="settings-form">
          {fields.url && (
            <Field
              label={t('alerts.url')}
              type="url"
              inputMode="url"
              autoComplete="off"
              value={url}
              error={errors.url}
              onChange={(event) => setUrl(event.target.value)}
            />
          )}
          {fields.token && (
            <Field
              label={t(type === 'gotify' ? 'alerts.appToken' : 'alerts.accessToken')}
              type="password"
              autoComplete="off"
              value={token}
              help={channel?.token_set ? t('alerts.keptWhenEmpty') : undefined}
              error={errors.token}
              onChange={(event) => setToken(event.target.value)}
            />
          )}
          {fields.secret && (
            <Field
              label={t('alerts.secret')}
              type="password"
              autoComplete="new-password"
              value={secret}
              help={channel?.secret_set ? t('alerts.keptWhenEmpty') : t('alerts.secretHelp')}
              error={errors.secret}
              onChange={(event) => setSecret(event.target.value)}
            />
          )}
          <FormError message={errors[''] ?? undefined} />
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {channel ? t('alerts.save') : t('alerts.turnOn')}
          </button>
        </form>
      )}
      {channel && <ChannelStatus type={type} channel={channel} onChange={onRemoved} />}
    </section>
  );
}

/** A configured channel: send a test alert, remove it, and how its last deliveries went. */
function ChannelStatus({
  type,
  channel,
  onChange,
}: {
  readonly type: AlertChannelType;
  readonly channel: AlertChannel;
  readonly onChange: () => void;
}) {
  const { t, i18n } = useTranslation('settings');
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: alertSettingsQuery.queryKey });
  const test = useMutation({
    mutationFn: () => testAlertChannel(type),
    onSuccess: async (result) => {
      if (result.delivered) notify('success', t('alerts.testSent'));
      else notify('danger', t('alerts.testFailed'));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteAlertChannel(type),
    onSuccess: async () => {
      onChange();
      await refresh();
    },
  });
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <div className="list-actions">
        <button type="button" className="button" disabled={test.isPending} onClick={() => test.mutate()}>
          {t('alerts.sendTest')}
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
        >
          {t('alerts.remove')}
        </button>
      </div>
      {channel.last_sent_at && (
        <p className="field-help">
          {t('alerts.lastSent', { date: dateTime.format(new Date(channel.last_sent_at)) })}
        </p>
      )}
      {channel.last_error && channel.last_error_at && (
        <p className="callout callout-danger" role="alert">
          {t('alerts.lastFailure', { date: dateTime.format(new Date(channel.last_error_at)) })}
        </p>
      )}
    </>
  );
}
