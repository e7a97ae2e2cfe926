import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  createDestination,
  destinationsQuery,
  updateDestination,
  type BackupDestination,
  type DestinationCreate,
} from '../../../entities/backup/backup.api';
import { applyServerErrors, Field, FormError, TextAreaField } from '../../../ui/forms';
import { notify } from '../../../ui/notify';
import { useIdentityRetry } from './identity-retry';

type Kind = 'webdav' | 's3' | 'sftp';

interface Values {
  kind: Kind;
  label: string;
  keep: string;
  enabled: boolean;
  url: string;
  username: string;
  password: string;
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string;
  access_key_id: string;
  secret_access_key: string;
  force_path_style: boolean;
  host: string;
  port: string;
  path: string;
  private_key: string;
  passphrase: string;
}

type Secret = 'has_password' | 'has_secret_access_key' | 'has_private_key';
type Input = 'text' | 'url' | 'number' | 'password' | 'key' | 'check';
/** One field of a kind's form: its API name (the 422's field), its input, and the secret it sets. */
type Spec = readonly [name: keyof Values, input: Input, secret?: Secret];

const SPECS: Record<Kind, readonly Spec[]> = {
  webdav: [
    ['url', 'url'],
    ['username', 'text'],
    ['password', 'password', 'has_password'],
  ],
  s3: [
    ['endpoint', 'url'],
    ['region', 'text'],
    ['bucket', 'text'],
    ['prefix', 'text'],
    ['access_key_id', 'text'],
    ['secret_access_key', 'password', 'has_secret_access_key'],
    ['force_path_style', 'check'],
  ],
  sftp: [
    ['host', 'text'],
    ['port', 'number'],
    ['username', 'text'],
    ['path', 'text'],
    ['password', 'password', 'has_password'],
    ['private_key', 'key', 'has_private_key'],
    ['passphrase', 'password', 'has_private_key'],
  ],
};

const HELP: Partial<Record<keyof Values, string>> = {
  url: 'urlHelp',
  endpoint: 'endpointHelp',
  path: 'pathHelp',
  private_key: 'privateKeyHelp',
};

/**
 * AWS prefers virtual-hosted addresses (bucket.s3.region.amazonaws.com, its deprecated path style
 * aside); MinIO, Garage and most self-hosted servers answer path-style ones only.
 */
function pathStyleFor(endpoint: string): boolean {
  try {
    return !/(^|\.)amazonaws\.com(\.cn)?$/i.test(new URL(endpoint).hostname);
  } catch {
    return true;
  }
}

function initialValues(destination: BackupDestination | undefined): Values {
  const s = destination?.settings ?? {};
  return {
    kind: destination && destination.kind !== 'local' ? destination.kind : 'webdav',
    label: destination?.label ?? '',
    keep: String(destination?.keep ?? 14),
    enabled: destination?.enabled ?? true,
    url: s.url ?? '',
    username: s.username ?? '',
    password: '',
    endpoint: s.endpoint ?? '',
    region: s.region ?? 'us-east-1',
    bucket: s.bucket ?? '',
    prefix: s.prefix ?? '',
    access_key_id: s.access_key_id ?? '',
    secret_access_key: '',
    force_path_style: s.force_path_style ?? true,
    host: s.host ?? '',
    port: String(s.port ?? 22),
    path: s.path ?? '',
    private_key: '',
    passphrase: '',
  };
}

/** The body: a secret only when typed (the API keeps one not given), a number only when given. */
function bodyOf(values: Values, editing: boolean): DestinationCreate {
  const body: Record<string, unknown> = { kind: values.kind, enabled: values.enabled };
  if (values.label.trim() !== '' || editing) body.label = values.label.trim();
  if (values.keep !== '') body.keep = Number(values.keep);
  for (const [name, input, secret] of SPECS[values.kind]) {
    const value = values[name];
    if (input === 'check') body[name] = value;
    else if (input === 'number') body[name] = value === '' ? undefined : Number(value);
    else if (secret || !editing) body[name] = value === '' ? undefined : value;
    else body[name] = value;
  }
  return body as DestinationCreate;
}

/** Adds a WebDAV, S3 or SFTP destination, or changes one (its secrets are never shown back). */
export function DestinationForm({
  destination,
  onDone,
}: {
  readonly destination?: BackupDestination;
  readonly onDone: () => void;
}) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const identity = useIdentityRetry();
  const editing = destination !== undefined;
  const form = useForm<Values>({ defaultValues: initialValues(destination) });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const endpoint = useWatch({ control: form.control, name: 'endpoint' });
  useEffect(() => {
    // A new S3 destination's address style follows its endpoint until the user sets it.
    const chosen = form.getFieldState('force_path_style');
    if (!editing && !chosen.isDirty && !chosen.isTouched)
      form.setValue('force_path_style', pathStyleFor(endpoint));
  }, [editing, endpoint, form]);
  const save = useMutation({
    mutationFn: (values: Values) => {
      const body = bodyOf(values, editing);
      if (!destination) return createDestination(body);
      const { kind: _kind, ...change } = body;
      return updateDestination(destination.id, change);
    },
    meta: { handles: [400, 403, 404] },
  });
  const fieldNames = ['label', 'keep', ...SPECS[kind].map(([name]) => name)] as (keyof Values)[];
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      notify('success', t(editing ? 'backups.destinations.saved' : 'backups.destinations.added'));
      await queryClient.invalidateQueries({ queryKey: destinationsQuery.queryKey });
      onDone();
    } catch (error) {
      if (identity.ask(error, () => void submit())) return;
      if (!applyServerErrors(error, form.setError, fieldNames))
        form.setError('root.server', { type: 'server', message: t('backups.destinations.notSaved') });
    }
  });
  const label = t(editing ? 'backups.destinations.editOne' : 'backups.destinations.add', {
    name: destination?.label,
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="settings-form destination-form"
      aria-label={label}
    >
      {!editing && (
        <div className="field">
          <label htmlFor="destination-kind">{t('backups.destinations.kind')}</label>
          <select id="destination-kind" {...form.register('kind')}>
            {(['webdav', 's3', 'sftp'] as const).map((value) => (
              <option key={value} value={value}>
                {t(`backups.destinations.kinds.${value}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      <Field
        label={t('backups.destinations.fields.label')}
        autoComplete="off"
        error={form.formState.errors.label?.message}
        {...form.register('label')}
      />
      {SPECS[kind].map((spec) => (
        <KindField key={`${kind}-${spec[0]}`} spec={spec} form={form} destination={destination} />
      ))}
      <Field
        label={t('backups.destinations.fields.keep')}
        type="number"
        inputMode="numeric"
        min={1}
        max={1000}
        error={form.formState.errors.keep?.message}
        {...form.register('keep')}
      />
      <label className="check-field">
        <input type="checkbox" {...form.register('enabled')} />
        {t('backups.destinations.fields.enabled')}
      </label>
      <FormError message={form.formState.errors.root?.server?.message} />
      {identity.prompt}
      <div className="form-actions">
        <button type="button" className="button" onClick={onDone}>
          {t('backups.destinations.cancel')}
        </button>
        <button type="submit" className="button button-primary" disabled={form.formState.isSubmitting}>
          {t(editing ? 'backups.destinations.save' : 'backups.destinations.create')}
        </button>
      </div>
    </form>
  );
}

function KindField({
  spec: [name, input, secret],
  form,
  destination,
}: {
  readonly spec: Spec;
  readonly form: UseFormReturn<Values>;
  readonly destination: BackupDestination | undefined;
}) {
  const { t } = useTranslation('settings');
  const label = t(`backups.destinations.fields.${name}`);
  const error = form.formState.errors[name]?.message;
  if (input === 'check')
    return (
      <label className="check-field">
        <input type="checkbox" {...form.register(name)} />
        {label}
      </label>
    );
  const kept = secret && destination?.[secret] ? t('backups.destinations.keptWhenEmpty') : undefined;
  const helpKey = HELP[name];
  const help = kept ?? (helpKey ? t(`backups.destinations.fields.${helpKey}`) : undefined);
  if (input === 'key')
    return (
      <TextAreaField
        label={label}
        rows={4}
        spellCheck={false}
        autoComplete="off"
        className="destination-key"
        help={help}
        error={error}
        {...form.register(name)}
      />
    );
  return (
    <Field
      label={label}
      type={
        input === 'password' ? 'password' : input === 'url' ? 'url' : input === 'number' ? 'number' : 'text'
      }
      inputMode={input === 'url' ? 'url' : input === 'number' ? 'numeric' : undefined}
      autoComplete={input === 'password' ? 'new-password' : 'off'}
      dir="ltr"
      help={help}
      error={error}
      {...form.register(name)}
    />
  );
}
