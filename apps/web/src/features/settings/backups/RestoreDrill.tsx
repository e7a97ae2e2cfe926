import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import {
  destinationBackups,
  drillDestinationBackup,
  type BackupDestination,
} from '../../../entities/backup/backup.api';
import { Field, FormError } from '../../../ui/forms';
import { Spinner } from '../../../ui/Spinner';
import { reasonOfError, reasonText } from './destination-text';

/**
 * Restore drill: one backup read from the destination and opened with the backup password, its
 * accounts listed as the import preview shows them. Nothing is saved.
 */
export function RestoreDrill({
  destination,
  formatDate,
  onClose,
}: {
  readonly destination: BackupDestination;
  readonly formatDate: (at: string) => string;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('settings');
  const { id, label } = destination;
  const backups = useQuery({
    queryKey: ['backups', 'destinations', id, 'backups'],
    queryFn: () => destinationBackups(id),
    meta: { handles: [400, 404] },
    staleTime: 0,
  });
  const [chosen, setChosen] = useState('');
  const [password, setPassword] = useState('');
  const drill = useMutation({
    mutationFn: ({ name, secret }: { name: string; secret: string }) =>
      drillDestinationBackup(id, name, secret),
    meta: { handles: [400, 404] },
  });
  const name = chosen || backups.data?.[0]?.name || '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name) drill.mutate({ name, secret: password });
  };
  // A drill's answer belongs to the backup it opened, while the listing still holds it: a later
  // listing error (the destination gone meanwhile) or another backup chosen hides it.
  const opened = !backups.error && drill.variables?.name === name ? drill.data : undefined;
  const error = drill.error;
  const passwordError = isApiError(error, 422)
    ? (error.fieldErrors.password?.[0] ?? error.message)
    : undefined;
  const otherError =
    error && !passwordError
      ? isApiError(error, 400)
        ? t('backups.destinations.testFailed', { reason: reasonText(t, reasonOfError(error.reason)) })
        : t('backups.destinations.reasons.unexpected')
      : undefined;

  return (
    <form
      className="settings-form destination-form"
      aria-label={t('backups.destinations.drillOne', { name: label })}
      onSubmit={submit}
      noValidate
    >
      <p className="field-help">{t('backups.destinations.drillLead')}</p>
      {backups.isPending && <Spinner />}
      {backups.error && (
        <p className="callout callout-danger" role="alert">
          {t('backups.destinations.testFailed', {
            reason: reasonText(
              t,
              isApiError(backups.error) ? reasonOfError(backups.error.reason) : undefined,
            ),
          })}
        </p>
      )}
      {backups.data?.length === 0 && <p className="field-help">{t('backups.destinations.drillNone')}</p>}
      {backups.data && backups.data.length > 0 && (
        <>
          <div className="field">
            <label htmlFor={`drill-${id}`}>{t('backups.destinations.drillBackup')}</label>
            <select id={`drill-${id}`} value={name} onChange={(event) => setChosen(event.target.value)}>
              {backups.data.map((backup) => (
                <option key={backup.name} value={backup.name}>
                  {formatDate(backup.created_at)}
                </option>
              ))}
            </select>
          </div>
          <Field
            label={t('backups.destinations.drillPassword')}
            type="password"
            autoComplete="off"
            value={password}
            error={passwordError}
            onChange={(event) => setPassword(event.target.value)}
          />
        </>
      )}
      <FormError message={otherError} />
      {opened && (
        <div className="callout callout-success" role="status">
          <p>{t('backups.destinations.drillResult', { count: opened.length })}</p>
          <ul className="drill-rows">
            {opened.map((row, index) => (
              <li key={index}>
                {row.service ?? ''}
                {row.account ? ` (${row.account})` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="form-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('backups.destinations.close')}
        </button>
        {backups.data && backups.data.length > 0 && (
          <button
            type="submit"
            className="button button-primary"
            disabled={drill.isPending || password === ''}
          >
            {t('backups.destinations.drillRun')}
          </button>
        )}
      </div>
    </form>
  );
}
