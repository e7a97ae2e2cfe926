import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { confirmPassword, needsConfirmation } from '../../entities/user/confirm-identity.api';
import { oidcLinkQuery, startOidcLink, unlinkOidc } from '../../entities/user/oidc.api';
import { Field, FormError } from '../../ui/forms';
import { notify } from '../../ui/notify';
import { SettingsSection } from '../../ui/setting-controls';

/** What the server's callback said when it sent the browser back here (`?oidc=` / `?oidc_error=`). */
function callbackOutcome(): 'linked' | 'failed' | null {
  const search = new URLSearchParams(window.location.search);
  if (search.get('oidc') === 'linked') return 'linked';
  return search.has('oidc_error') ? 'failed' : null;
}

/**
 * Settings, Security: the identity at the OpenID Connect provider, linked or not. Linking sends the
 * browser to the provider, once the user confirmed their password (a sensitive change).
 */
export function OidcSection({ label }: { readonly label: string }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const state = useQuery(oidcLinkQuery);
  const [outcome] = useState(callbackOutcome);
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function link() {
    setBusy(true);
    try {
      const { authorization_url: url } = await startOidcLink();
      window.location.assign(url);
    } catch (error) {
      setBusy(false);
      if (needsConfirmation(error)) setAsking(true);
      else notify('danger', t('oidc.linkFailed'));
    }
  }

  async function confirmThenLink(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    try {
      await confirmPassword(password);
    } catch (error) {
      setProblem(isApiError(error, 422) ? t('oidc.wrongPassword') : t('oidc.linkFailed'));
      return;
    }
    setPassword('');
    setAsking(false);
    await link();
  }

  const unlink = useMutation({
    mutationFn: unlinkOidc,
    onSuccess: async () => {
      notify('success', t('oidc.unlinked'));
      await queryClient.invalidateQueries({ queryKey: oidcLinkQuery.queryKey });
    },
  });

  const linked = state.data?.linked;
  return (
    <SettingsSection title={t('oidc.title')}>
      {outcome === 'linked' && <p role="status">{t('oidc.linkDone')}</p>}
      <FormError message={outcome === 'failed' ? t('oidc.linkFailed') : undefined} />
      <p className="item-meta">
        {linked ? t('oidc.linkedAs', { label, email: linked.email ?? '—' }) : t('oidc.notLinked', { label })}
      </p>
      {linked ? (
        <button type="button" className="button" disabled={unlink.isPending} onClick={() => unlink.mutate()}>
          {t('oidc.unlink', { label })}
        </button>
      ) : asking ? (
        <form onSubmit={(event) => void confirmThenLink(event)} noValidate>
          <p>{t('oidc.confirmLead')}</p>
          <Field
            label={t('oidc.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <FormError message={problem} />
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('oidc.link', { label })}
          </button>
        </form>
      ) : (
        state.data && (
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void link()}>
            {t('oidc.link', { label })}
          </button>
        )
      )}
    </SettingsSection>
  );
}
