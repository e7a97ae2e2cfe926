import './connect.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import {
  approveAuthorization,
  denyAuthorization,
  pendingAuthorizationQuery,
  type PendingAuthorization,
} from '../../entities/user/device-authorizations.api';
import { ConfirmIdentity } from '../../entities/user/ConfirmIdentity';
import { needsConfirmation } from '../../entities/user/confirm-identity.api';
import { Field, FormError } from '../../ui/forms';
import { Spinner } from '../../ui/Spinner';

const route = getRouteApi('/signed-in/connect');

type Outcome = 'approved' | 'denied' | 'gone';

/**
 * "Connect a browser extension": the user compares the code the device shows, names the device,
 * confirms who they are and approves (or denies); the device's next poll gets its token.
 */
export function ConnectScreen() {
  const { t } = useTranslation('connect');
  const { code } = route.useSearch();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  return (
    <div className="connect-page">
      <section className="connect-card" aria-labelledby="connect-title">
        <h1 id="connect-title">{t('title')}</h1>
        {outcome === 'approved' && <Done title={t('approved')} lead={t('approvedLead')} />}
        {outcome === 'denied' && <Done title={t('denied')} lead={t('deniedLead')} />}
        {outcome === 'gone' && <CodeForm refused />}
        {outcome === undefined &&
          (code === undefined ? <CodeForm /> : <Pending key={code} code={code} onDecided={setOutcome} />)}
      </section>
    </div>
  );
}

function Done({ title, lead }: { readonly title: string; readonly lead: string }) {
  const { t } = useTranslation('connect');
  return (
    <div role="status" className="connect-done">
      <h2>{title}</h2>
      <p>{lead}</p>
      <p>{t('closeTab')}</p>
    </div>
  );
}

/** The user code typed by hand (or again, after a refused one). */
function CodeForm({ refused = false }: { readonly refused?: boolean }) {
  const { t } = useTranslation('connect');
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim() !== '') void navigate({ to: '/connect', search: { code: typed.trim() } });
  };
  return (
    <form className="connect-form" onSubmit={submit}>
      {refused ? (
        <p className="callout callout-danger" role="alert">
          {t('unknownCode')}
        </p>
      ) : (
        <p>{t('typeLead')}</p>
      )}
      <Field
        label={t('code')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="ABCD-EFGH"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        required
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary">
          {t('continue')}
        </button>
      </div>
    </form>
  );
}

function Pending({
  code,
  onDecided,
}: {
  readonly code: string;
  readonly onDecided: (outcome: Outcome) => void;
}) {
  const pending = useQuery(pendingAuthorizationQuery(code));
  if (pending.isPending) return <Spinner />;
  if (pending.isError) {
    if (isApiError(pending.error, 404)) return <CodeForm refused />;
    throw pending.error;
  }
  return <Decision code={code} pending={pending.data} onDecided={onDecided} />;
}

function Decision({
  code,
  pending,
  onDecided,
}: {
  readonly code: string;
  readonly pending: PendingAuthorization;
  readonly onDecided: (outcome: Outcome) => void;
}) {
  const { t, i18n } = useTranslation('connect');
  const [name, setName] = useState(pending.client_name);
  const [confirming, setConfirming] = useState(false);
  const settle = (error: unknown) => {
    if (needsConfirmation(error)) setConfirming(true);
    else if (isApiError(error, 404)) onDecided('gone');
  };
  const approve = useMutation({
    mutationFn: () => approveAuthorization(code, name),
    meta: { handles: [403, 404] },
    onSuccess: () => onDecided('approved'),
    onError: settle,
  });
  const deny = useMutation({
    mutationFn: () => denyAuthorization(code),
    meta: { handles: [404] },
    onSuccess: () => onDecided('denied'),
    onError: settle,
  });
  const busy = approve.isPending || deny.isPending;
  // In the app's language (not the browser's), on this device's clock: the one the user compares with.
  const expires = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(
    new Date(pending.expires_at),
  );
  return (
    <div className="connect-decision">
      <p>{t('lead', { device: pending.client_name })}</p>
      <p className="connect-code" aria-label={t('codeShown')}>
        <code>{code.toUpperCase()}</code>
      </p>
      <p className="field-help">{t('compare')}</p>
      <p className="callout" role="note">
        {t(pending.scope === 'read' ? 'scopeRead' : 'scopeCodes')}
      </p>
      {pending.replaces && (
        <p className="callout" role="note">
          {t('replaces', {
            name: pending.replaces.name,
            date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
              new Date(pending.replaces.created_at),
            ),
          })}
        </p>
      )}
      <form
        className="connect-form"
        onSubmit={(event) => {
          event.preventDefault();
          approve.mutate();
        }}
      >
        <Field
          label={t('deviceName')}
          help={t('deviceNameHelp')}
          autoComplete="off"
          maxLength={255}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        {confirming && (
          <ConfirmIdentity
            nested
            onConfirmed={() => {
              setConfirming(false);
              approve.mutate();
            }}
          />
        )}
        <FormError
          message={
            approve.error && !needsConfirmation(approve.error) && !isApiError(approve.error, 404)
              ? t('failed')
              : undefined
          }
        />
        <p className="field-help">{t('expires', { time: expires })}</p>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy || confirming}>
            {t('approve')}
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => deny.mutate()}>
            {t('deny')}
          </button>
          <Link to="/accounts" className="button">
            {t('common:actions.cancel')}
          </Link>
        </div>
      </form>
    </div>
  );
}
