import './code-log.css';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountsQuery } from '../../entities/account/account.api';
import { codeLogQuery, type CodeLogEntry } from '../../entities/account/code-log.api';
import { useAccountSettings } from '../../entities/settings/account-settings';
import { serverNow } from '../../ui/clock';
import { exactTime, relativeTime } from '../../ui/relative-time';
import { Spinner } from '../../ui/Spinner';

const route = getRouteApi('/signed-in/account/$twofaccountId/code-log');

/** Entries fetched at first, and added by each "show older". */
const PAGE = 50;

/**
 * The codes the server computed for one account, newest first (never the codes themselves): one row
 * per requester and minute, with how many codes it stands for.
 */
export function CodeLogScreen() {
  const { t, i18n } = useTranslation('accountForm', { keyPrefix: 'codeLog' });
  const { twofaccountId } = route.useParams();
  const id = Number(twofaccountId);
  const [count, setCount] = useState(PAGE);
  const log = useQuery({ ...codeLogQuery(id, count), placeholderData: keepPreviousData });
  const account = useQuery(accountsQuery).data?.find((item) => item.id === id);
  const { settings } = useAccountSettings();
  const now = serverNow();
  const rows = log.data ?? [];
  // Fewer rows than asked for: the log has no older ones (the previous page shows while more load).
  const hasOlder = log.isPlaceholderData || rows.length === count;

  return (
    <section className="page narrow code-log" aria-labelledby="code-log-title">
      <h1 id="code-log-title">{t('title')}</h1>
      {account && (
        <p className="code-log-account">
          {account.service ? `${account.service} · ${account.account}` : account.account}
        </p>
      )}
      <p className="code-log-lead">{t('lead')}</p>
      {/* The list's own codes come from the secrets in this browser: the server never sees them. */}
      {!settings.getOtpOnRequest && <p className="callout code-log-local">{t('localNote')}</p>}
      {log.isPending && <Spinner />}
      {log.isSuccess && rows.length === 0 && <p className="empty-state">{t('none')}</p>}
      {rows.length > 0 && (
        <ol className="code-log-list" aria-label={t('title')}>
          {rows.map((entry, at) => {
            const date = new Date(entry.generated_at);
            return (
              <li key={`${entry.generated_at}-${at}`} className="code-log-row">
                <span className="code-log-who">{requester(entry, t)}</span>
                <span className="code-log-meta">
                  <time dateTime={date.toISOString()} title={relativeTime(date, now, i18n.language)}>
                    {exactTime(date, i18n.language, settings.timezone)}
                  </time>
                  {' · '}
                  {t('ip', { ip: entry.ip_address ?? '—' })}
                  {entry.counter !== undefined && (
                    <>
                      {' · '}
                      {t('counter', { counter: entry.counter })}
                    </>
                  )}
                  {' · '}
                  {t('reads', { count: entry.count ?? 1 })}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <div className="form-actions">
        {hasOlder && (
          <button
            type="button"
            className="button"
            disabled={log.isFetching}
            onClick={() => setCount((shown) => shown + PAGE)}
          >
            {t('older')}
          </button>
        )}
        <Link to="/account/$twofaccountId/edit" params={{ twofaccountId }} className="button">
          {t('back')}
        </Link>
      </div>
    </section>
  );
}

/** Who asked for the code: a web session, a token by its name, or the authentication proxy. */
function requester(entry: CodeLogEntry, t: (key: string, options?: Record<string, unknown>) => string) {
  switch (entry.source) {
    case 'token':
      return t('byToken', { name: entry.token_name ?? '—' });
    case 'proxy':
      return t('byProxy');
    default:
      return t('bySession');
  }
}
