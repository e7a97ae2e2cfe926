import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { currentUserQuery } from '../../entities/user/user.api';
import { appConfigQuery } from '../../entities/server/server.api';
import { OidcSection } from './OidcSection';
import { CodeLogSection } from './CodeLogSection';
import {
  authenticationsQuery,
  endOtherSessions,
  endSessionById,
  sessionsQuery,
  type Authentication,
  type OpenSession,
} from '../../entities/user/security.api';
import { deviceLabel as deviceOf } from '../../lib/user-agent';
import { notify } from '../../ui/notify';
import { Spinner } from '../../ui/Spinner';
import { ProxyWarning, SettingsSection } from '../../ui/setting-controls';
import './security.css';

/** The periods of the log filter, in months (2FAuth's choices). */
const PERIODS = [1, 3, 6, 12] as const;

/**
 * Security: the open sessions (end one, or all the others), the sign-in log by month, and how the
 * code log is kept with its newest entries.
 */
export function SecurityScreen() {
  const { t, i18n } = useTranslation('settings');
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const { data: config } = useSuspenseQuery(appConfigQuery);
  const sessions = useQuery(sessionsQuery);
  const timeFormat = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: user.preferences.timezone,
  });
  return (
    <div className="settings-page">
      {isApiError(sessions.error, 400) && <ProxyWarning>{t('proxy.unsupported')}</ProxyWarning>}
      {config.oidc && user.id !== null && <OidcSection label={config.oidc.label} />}
      <SessionsSection sessions={sessions.data} pending={sessions.isPending} timeFormat={timeFormat} />
      {user.id !== null && <SignInLogSection userId={user.id} timeFormat={timeFormat} />}
      <CodeLogSection timeFormat={timeFormat} />
    </div>
  );
}

function SessionsSection({
  sessions,
  pending,
  timeFormat,
}: {
  readonly sessions: readonly OpenSession[] | undefined;
  readonly pending: boolean;
  readonly timeFormat: Intl.DateTimeFormat;
}) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: ['authentications'] }),
    ]);
  const endOne = useMutation({
    mutationFn: endSessionById,
    onSuccess: async () => {
      notify('success', t('security.sessions.ended'));
      await refresh();
    },
  });
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: async () => {
      notify('success', t('security.sessions.othersEnded'));
      await refresh();
    },
  });
  const unknown = t('security.unknownDevice');
  const others = (sessions ?? []).filter((session) => !session.current).length;
  return (
    <SettingsSection title={t('security.sessions.title')}>
      {pending && <Spinner />}
      <ul className="item-list" aria-label={t('security.sessions.title')}>
        {sessions?.map((session) => {
          // The name its offline copy has, else browser and system (the sign-in time tells apart
          // two of a kind).
          const device = deviceOf(session, unknown);
          const name = session.name ?? device;
          return (
            <li key={session.id} className="item">
              <div className="item-main">
                <span className="item-title">
                  {name}
                  {session.current && (
                    <span className="security-current"> {t('security.sessions.current')}</span>
                  )}
                </span>
                <span className="item-meta">
                  {t('security.sessions.meta', {
                    ip: session.ip_address ?? '—',
                    date: timeFormat.format(new Date(session.last_active_at)),
                  })}
                </span>
                <span className="item-meta">
                  {t('security.sessions.signedIn', { date: timeFormat.format(new Date(session.created_at)) })}
                  {session.name !== null && ` · ${device}`}
                </span>
              </div>
              {!session.current && (
                <div className="item-actions">
                  <button
                    type="button"
                    className="link-button link-danger"
                    disabled={endOne.isPending}
                    onClick={() => endOne.mutate(session.id)}
                  >
                    {t('security.sessions.end')}
                    <span className="visually-hidden"> {name}</span>
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {others > 0 && (
        <div className="list-actions">
          <button
            type="button"
            className="button"
            disabled={endOthers.isPending}
            onClick={() => endOthers.mutate()}
          >
            {t('security.sessions.endOthers')}
          </button>
        </div>
      )}
    </SettingsSection>
  );
}

function SignInLogSection({
  userId,
  timeFormat,
}: {
  readonly userId: number;
  readonly timeFormat: Intl.DateTimeFormat;
}) {
  const { t } = useTranslation('settings');
  const [months, setMonths] = useState<number>(1);
  const log = useQuery(authenticationsQuery(userId, months));
  const unknown = t('security.unknownDevice');
  const outcome = (item: Authentication) => {
    switch (item.event) {
      case 'failed':
        return t('security.log.failed');
      case 'lockout':
        return t('security.log.lockout');
      case 'logout':
        return t('security.log.signedOut');
      default:
        return item.logout_at ? t('security.log.signedInOut') : t('security.log.signedIn');
    }
  };
  return (
    <SettingsSection title={t('security.log.title')}>
      <label className="security-period">
        {t('security.log.period')}{' '}
        <select
          className="input setting-select"
          value={months}
          onChange={(event) => setMonths(Number(event.target.value))}
        >
          {PERIODS.map((period) => (
            <option key={period} value={period}>
              {t('security.log.months', { count: period })}
            </option>
          ))}
        </select>
      </label>
      {log.isPending && <Spinner />}
      <ul className="item-list" aria-label={t('security.log.title')}>
        {log.data?.map((item) => (
          <li key={item.id} className={item.login_successful ? 'item' : 'item security-failed'}>
            <div className="item-main">
              <span className="item-title">
                {outcome(item)} · {deviceOf(item, unknown)}
              </span>
              <span className="item-meta">
                {t('security.log.meta', {
                  ip: item.ip_address ?? '—',
                  date: item.at ? timeFormat.format(new Date(item.at)) : '',
                  method: item.login_method
                    ? t(`security.methods.${item.login_method}`, item.login_method)
                    : '—',
                })}
              </span>
            </div>
          </li>
        ))}
      </ul>
      {log.isSuccess && log.data.length === 0 && <p className="empty">{t('security.log.none')}</p>}
    </SettingsSection>
  );
}
