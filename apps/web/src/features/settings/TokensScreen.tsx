import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { copyToClipboard } from '../../ui/clipboard';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notify } from '../../ui/notify';
import { Spinner } from '../../ui/Spinner';
import { exactTime, relativeTime } from '../../ui/relative-time';
import { serverNow } from '../../ui/clock';
import { useAccountSettings } from '../../entities/settings/account-settings';
import { ProxyWarning, SettingsSection } from '../../ui/setting-controls';
import { forgetFreshToken, peekFreshToken } from './fresh-token';
import { SCOPE_KEYS } from './token-scopes';
import { revokeToken, tokensQuery, type Token } from '../../entities/user/tokens.api';

/**
 * Personal access tokens: the list with revoke, a generate link; a token just
 * generated comes first, marked, with its value and a copy button, shown this once.
 */
export function TokensScreen() {
  const { t, i18n } = useTranslation('settings');
  const queryClient = useQueryClient();
  const [fresh, setFresh] = useState(peekFreshToken);
  // Shown once: leaving the screen forgets the value.
  useEffect(() => forgetFreshToken, []);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const tokens = useQuery(tokensQuery);
  const revoke = useMutation({
    mutationFn: revokeToken,
    onSuccess: async (_nothing, id) => {
      if (id === fresh?.token.id) setFresh(null);
      notify('success', t('tokens.revoked'));
      await queryClient.invalidateQueries({ queryKey: tokensQuery.queryKey });
    },
  });
  const proxied = isApiError(tokens.error, 400);
  const copyMessages = { copied: t('common:copied'), failed: t('common:copyFailed') };
  const { timezone } = useAccountSettings().settings;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: timezone });
  const list = (tokens.data ?? []).filter((token) => token.id !== fresh?.token.id);

  return (
    <div className="settings-page">
      {proxied && <ProxyWarning>{t('proxy.unsupported')}</ProxyWarning>}
      <SettingsSection title={t('tokens.title')}>
        <p className="field-help">{t('tokens.lead')}</p>
        <div className="list-actions">
          {proxied ? (
            <span className="button button-primary" aria-disabled="true">
              {t('tokens.generateLink')}
            </span>
          ) : (
            <Link to="/settings/oauth/pat/create" className="button button-primary">
              {t('tokens.generateLink')}
            </Link>
          )}
        </div>
        {tokens.isPending && <Spinner />}
        <ul className="item-list" aria-label={t('tokens.title')}>
          {fresh && (
            <li className="item item-fresh">
              <div className="item-main">
                <span className="item-title">
                  <span className="item-check" aria-hidden="true">
                    ✓
                  </span>
                  {fresh.token.name}
                </span>
                <span className="item-meta">
                  {t('tokens.scopeOf', { scope: t(SCOPE_KEYS[fresh.token.scope][0]) })}
                </span>
                <p className="callout callout-success">{t('tokens.copyNow')}</p>
                <div className="secret-row">
                  <code className="secret-value" aria-label={t('tokens.value')}>
                    {fresh.accessToken}
                  </code>
                  <button
                    type="button"
                    className="button"
                    onClick={() => void copyToClipboard(fresh.accessToken, copyMessages)}
                  >
                    {t('common:actions.copy')}
                  </button>
                </div>
              </div>
              <button
                type="button"
                className="link-button link-danger"
                onClick={() => setRevoking({ id: fresh.token.id, name: fresh.token.name })}
              >
                {t('tokens.revoke')}
                <span className="visually-hidden"> {fresh.token.name}</span>
              </button>
            </li>
          )}
          {list.map((token) => (
            <li key={token.id} className="item">
              <div className="item-main">
                <span className="item-title">{token.name}</span>
                <span className="item-meta">
                  {t('tokens.scopeOf', { scope: t(SCOPE_KEYS[token.scope][0]) })}
                </span>
                <span className="item-meta">
                  {t('tokens.created', { date: date.format(new Date(token.created_at)) })}
                </span>
                <TokenUsage token={token} />
              </div>
              <button
                type="button"
                className="link-button link-danger"
                onClick={() => setRevoking({ id: token.id, name: token.name })}
              >
                {t('tokens.revoke')}
                <span className="visually-hidden"> {token.name}</span>
              </button>
            </li>
          ))}
        </ul>
        {tokens.isSuccess && list.length === 0 && !fresh && <p className="empty">{t('tokens.none')}</p>}
      </SettingsSection>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('tokens.confirmRevoke', { name: revoking?.name ?? '' })}
        description={t('tokens.revokeWarning')}
        confirmLabel={t('tokens.revoke')}
        danger
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </div>
  );
}

/** When and from where a token was last used, and when it expires: relative, the exact time on hover. */
function TokenUsage({ token }: { readonly token: Token }) {
  const { t, i18n } = useTranslation('settings');
  const { timezone } = useAccountSettings().settings;
  const now = serverNow();
  const moment = (iso: string) => {
    const date = new Date(iso);
    return {
      dateTime: date.toISOString(),
      title: exactTime(date, i18n.language, timezone),
      children: relativeTime(date, now, i18n.language),
    };
  };
  const lastUsed = token.last_used_at ? moment(token.last_used_at) : undefined;
  const expires = moment(token.expires_at);
  return (
    <>
      <span className="item-meta">
        {lastUsed ? (
          <time dateTime={lastUsed.dateTime} title={lastUsed.title}>
            {t('tokens.lastUsed', { when: lastUsed.children, ip: token.last_used_ip ?? '—' })}
          </time>
        ) : (
          t('tokens.neverUsed')
        )}
      </span>
      <span className="item-meta">
        <time dateTime={expires.dateTime} title={expires.title}>
          {t('tokens.expires', { when: expires.children })}
        </time>
      </span>
    </>
  );
}
