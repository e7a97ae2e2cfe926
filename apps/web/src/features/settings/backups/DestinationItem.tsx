import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteDestination,
  destinationsQuery,
  testDestination,
  type BackupDestination,
} from '../../../entities/backup/backup.api';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { notify } from '../../../ui/notify';
import { DestinationForm } from './DestinationForm';
import { formatSize } from '../../../ui/byte-size';
import { isFailing, reasonText, whereOf } from './destination-text';
import { useIdentityRetry } from './identity-retry';
import { RestoreDrill } from './RestoreDrill';

type Result = Awaited<ReturnType<typeof testDestination>>;
type Panel = 'edit' | 'drill' | null;

/**
 * One destination: where it writes, its last checked upload or its failure, and for a remote one
 * "Test connection" (which shows an SFTP host key to confirm), "Restore drill", edit and remove.
 */
export function DestinationItem({
  destination,
  formatDate,
}: {
  readonly destination: BackupDestination;
  readonly formatDate: (at: string) => string;
}) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const identity = useIdentityRetry();
  const [panel, setPanel] = useState<Panel>(null);
  const [removing, setRemoving] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: destinationsQuery.queryKey });
  const { id, kind, label } = destination;
  const test = useMutation({
    mutationFn: (hostKey?: string) => testDestination(id, hostKey),
    meta: { handles: [400, 403, 404] },
    // What an earlier test found is not what this one finds.
    onMutate: () => setResult(null),
    onSuccess: async (answer, hostKey) => {
      setResult(answer);
      if (hostKey !== undefined && answer.ok) notify('success', t('backups.destinations.hostKeyConfirmed'));
      await refresh();
    },
    onError: (error, hostKey) => identity.ask(error, () => test.mutate(hostKey)),
  });
  const remove = useMutation({
    mutationFn: () => deleteDestination(id),
    meta: { handles: [403, 404] },
    onSuccess: async () => {
      notify('success', t('backups.destinations.removed'));
      await refresh();
    },
    onError: (error) => identity.ask(error, () => remove.mutate()),
  });
  const local = kind === 'local';
  const name = local ? t('backups.destinations.local') : label;

  return (
    <li className="destination" aria-label={name}>
      <div className="destination-head">
        <span className="item-title">{name}</span>
        {!local && <span className="badge">{t(`backups.destinations.kinds.${kind}`)}</span>}
        {isFailing(destination) && (
          <span className="badge badge-danger">{t('backups.destinations.failingBadge')}</span>
        )}
        {!destination.enabled && <span className="badge">{t('backups.destinations.off')}</span>}
      </div>
      {!local && (
        <span className="item-meta destination-where">
          <bdi dir="ltr">{whereOf(destination)}</bdi>
        </span>
      )}
      <DestinationStatus
        destination={destination}
        formatDate={formatDate}
        saidBelow={result && !result.ok ? result.reason : null}
      />
      {result && <TestResult result={result} busy={test.isPending} onConfirm={(key) => test.mutate(key)} />}
      {identity.prompt}
      {!local && (
        <div className="destination-actions">
          <button
            type="button"
            className="button"
            disabled={test.isPending}
            onClick={() => test.mutate(undefined)}
          >
            {t('backups.destinations.test')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => setPanel(panel === 'drill' ? null : 'drill')}
          >
            {t('backups.destinations.drill')}
          </button>
          <button
            type="button"
            className="button"
            aria-label={t('backups.destinations.editOne', { name })}
            onClick={() => setPanel(panel === 'edit' ? null : 'edit')}
          >
            {t('backups.destinations.edit')}
          </button>
          <button
            type="button"
            className="button button-danger"
            aria-label={t('backups.destinations.removeOne', { name })}
            onClick={() => setRemoving(true)}
          >
            {t('backups.destinations.remove')}
          </button>
        </div>
      )}
      {panel === 'edit' && (
        <DestinationForm
          destination={destination}
          onDone={() => {
            setPanel(null);
            setResult(null);
          }}
        />
      )}
      {panel === 'drill' && (
        <RestoreDrill destination={destination} formatDate={formatDate} onClose={() => setPanel(null)} />
      )}
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title={t('backups.destinations.confirmRemove')}
        description={t('backups.destinations.confirmRemoveText')}
        confirmLabel={t('backups.destinations.remove')}
        danger
        onConfirm={() => remove.mutate()}
      />
    </li>
  );
}

function DestinationStatus({
  destination,
  formatDate,
  saidBelow,
}: {
  readonly destination: BackupDestination;
  readonly formatDate: (at: string) => string;
  /** The reason a test just failed with, said in red below: the same failure is not red twice. */
  readonly saidBelow: string | null;
}) {
  const { t, i18n } = useTranslation('settings');
  const { last_success: success, last_failure: failure } = destination;
  const failing = isFailing(destination);
  const red = failing && failure?.reason !== saidBelow;
  return (
    <>
      <span className="item-meta">
        {success
          ? t(
              destination.kind === 'local'
                ? 'backups.destinations.lastWritten'
                : 'backups.destinations.lastUpload',
              {
                date: formatDate(success.at),
                size: formatSize(success.size, i18n.language),
              },
            )
          : t('backups.destinations.noUpload')}
      </span>
      {/* An SFTP key never confirmed is said once, by the warning below that says what to do. */}
      {failure && !(failure.reason === 'host_key_unconfirmed' && destination.host_key === null) && (
        <p className={red ? 'callout callout-danger' : 'item-meta'}>
          {t(failing ? 'backups.destinations.failing' : 'backups.destinations.lastFailure', {
            date: formatDate(failure.at),
            reason: reasonText(t, failure.reason),
          })}
        </p>
      )}
      {destination.kind === 'sftp' &&
        (destination.host_key ? (
          <span className="item-meta">
            {t('backups.destinations.hostKeyPinned')} <code dir="ltr">{destination.host_key}</code>
          </span>
        ) : (
          <p className="callout callout-warning">{t('backups.destinations.hostKeyMissing')}</p>
        ))}
    </>
  );
}

/** What "Test connection" found: it works, why it failed, or an SFTP host key to confirm. */
function TestResult({
  result,
  busy,
  onConfirm,
}: {
  readonly result: Result;
  readonly busy: boolean;
  readonly onConfirm: (hostKey: string) => void;
}) {
  const { t } = useTranslation('settings');
  if (result.ok)
    return (
      <p className="callout callout-success" role="status">
        {t('backups.destinations.testOk')}
      </p>
    );
  const hostKey = result.host_key;
  const confirm = hostKey && (
    <button
      type="button"
      className="button button-primary"
      disabled={busy}
      onClick={() => onConfirm(hostKey)}
    >
      {t('backups.destinations.hostKeyConfirm')}
    </button>
  );
  if (result.reason !== null)
    return (
      <div className="callout callout-danger host-key" role="alert">
        <p>{t('backups.destinations.testFailed', { reason: reasonText(t, result.reason) })}</p>
        {result.reason === 'host_key_changed' && hostKey && (
          <>
            <p>
              {t('backups.destinations.hostKeyNow')} <code dir="ltr">{hostKey}</code>
            </p>
            {/* A reinstalled server: its new key is confirmed as deliberately as the first one. */}
            <p>{t('backups.destinations.hostKeyPrompt')}</p>
            {confirm}
          </>
        )}
      </div>
    );
  if (!hostKey) return null;
  return (
    <div className="callout callout-warning host-key" role="status">
      <p>{t('backups.destinations.hostKeyPrompt')}</p>
      <p className="secret-value" dir="ltr">
        {hostKey}
      </p>
      {confirm}
    </div>
  );
}
