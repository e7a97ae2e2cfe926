import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { uriPreviewQuery } from '../../entities/account/account.api';
import { useCreateAccount } from '../../entities/account/account.mutations';
import { uriOtpQuery } from '../../entities/account/otp';
import { FormError } from '../../ui/forms';
import { notify } from '../../ui/notify';
import { Spinner } from '../../ui/Spinner';
import { AccountIcon } from '../../entities/account/AccountIcon';
import { OtpView } from '../../entities/account/OtpView';
import { IconField } from './IconField';
import { useIconState } from './icons';
import { InvalidUriModal } from './InvalidUriModal';
import { defaultGroupOf, GroupSelect } from './GroupField';
import { useAccountSettings } from '../../entities/settings/account-settings';
import { toParams, valuesOf } from '../../entities/account/form-values';

/**
 * A scanned otpauth URI: the account it describes with a code preview, saved as it is. The icon
 * can be changed or removed, and the group picked. With 2FAuth's AutoSaveQrcodedAccount on, it is
 * saved at once (a notice offers to edit it); if that fails, the form shows why.
 */
export function QuickForm({ uri }: { readonly uri: string }) {
  const { t } = useTranslation('accountForm');
  const navigate = useNavigate();
  const icon = useIconState(null);
  const { settings, loaded } = useAccountSettings();
  // The group starts on the default one, as in the advanced form, until the person picks one.
  const [pickedGroup, setPickedGroup] = useState<string | null>(null);
  const group = pickedGroup ?? String(defaultGroupOf(settings));
  const [invalidClosed, setInvalidClosed] = useState(false);
  const preview = useQuery(uriPreviewQuery(uri));
  const create = useCreateAccount();
  const { setTemporary } = icon;
  const previewIcon = preview.data?.icon ?? null;
  // The preview may have fetched a logo: it is temporary until the account is saved.
  useEffect(() => setTemporary(previewIcon), [previewIcon, setTemporary]);
  // The server found no valid account in the URI: the invalid content is shown until closed.
  const invalidUri = isApiError(preview.error, 422) && preview.error.fieldErrors.uri !== undefined;
  const invalid = invalidUri && !invalidClosed ? uri : null;

  const save = (auto = false) => {
    if (!preview.data) return;
    const { icon: _icon, ...fields } = preview.data;
    create.mutate(toParams({ ...valuesOf(fields), group }, icon.icon), {
      onSuccess: (created) => {
        icon.markSaved();
        void navigate({ to: '/accounts', search: { toRefresh: true } });
        if (!auto) return;
        const edit = () =>
          void navigate({
            to: '/account/$twofaccountId/edit',
            params: { twofaccountId: String(created.id) },
          });
        notify('success', t('autoSave.saved', { name: fields.service ?? fields.account }), {
          action: { label: t('autoSave.edit'), run: edit },
        });
      },
    });
  };

  // Saved at once once the preview (and its logo) is in, a single time.
  const autoSave = loaded && settings.AutoSaveQrcodedAccount && !create.isError;
  const autoSaved = useRef(false);
  const saveNow = useEffectEvent(() => save(true));
  const ready = preview.data !== undefined && icon.icon === previewIcon;
  useEffect(() => {
    if (!autoSave || !ready || autoSaved.current) return;
    autoSaved.current = true;
    saveNow();
  }, [autoSave, ready]);

  const leave = () => void navigate({ to: '/accounts' });

  if (preview.isPending || (autoSave && !create.isError)) return <Spinner />;
  if (!preview.data) {
    const message = preview.error?.message;
    return (
      <section className="page narrow quick-form" aria-labelledby="quick-title">
        <h1 id="quick-title">{t('title.create')}</h1>
        {!invalid && <FormError message={message} />}
        <div className="form-actions">
          <button type="button" className="button" onClick={() => void navigate({ to: '/start' })}>
            {t('actions.back')}
          </button>
        </div>
        <InvalidUriModal content={invalid} onClose={() => setInvalidClosed(true)} />
      </section>
    );
  }
  const account = preview.data;
  return (
    <section className="page narrow quick-form" aria-labelledby="quick-title">
      <h1 id="quick-title" className="visually-hidden">
        {t('title.create')}
      </h1>
      <div className="card quick-card">
        <AccountIcon account={{ ...account, icon: icon.icon }} size={72} />
        <p className="quick-service">{account.service ?? account.account}</p>
        {account.service && <p className="quick-account">{account.account}</p>}
        <OtpView query={uriOtpQuery(uri)} />
        <IconField state={icon} />
        <GroupSelect value={group} onChange={(event) => setPickedGroup(event.target.value)} />
      </div>
      <FormError message={create.error?.message} />
      <div className="form-actions form-actions-center">
        <button
          type="button"
          className="button button-primary"
          disabled={create.isPending}
          onClick={() => save()}
        >
          {t('actions.save')}
        </button>
        <button type="button" className="button" onClick={leave}>
          {t('actions.cancel')}
        </button>
      </div>
    </section>
  );
}
