import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError, unwrap } from '../../api/client';
import { FormError } from '../../ui/forms';
import { Spinner } from '../../ui/Spinner';
import { refreshAccounts } from '../accounts/accounts.api';
import { AccountIcon } from '../accounts/AccountIcon';
import { OtpView } from '../accounts/OtpView';
import { IconField } from './IconField';
import { useIconState } from './icons';
import { InvalidUriModal } from './Modals';
import { toParams, valuesOf } from './AccountForm';

/**
 * A scanned otpauth URI: the account it describes with a code preview, saved as it is (product.md
 * §2, create account with a decodedUri). The icon can be changed or removed.
 */
export function QuickForm({ uri }: { readonly uri: string }) {
  const { t } = useTranslation('accountForm');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const icon = useIconState(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const preview = useQuery({
    queryKey: ['account-preview', uri],
    queryFn: () => unwrap(api.POST('/api/v1/twofaccounts/preview', { body: { uri } })),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    meta: { handles: [422] },
  });
  const { setTemporary } = icon;
  const previewIcon = preview.data?.icon ?? null;
  // The preview may have fetched a logo: it is temporary until the account is saved.
  useEffect(() => setTemporary(previewIcon), [previewIcon, setTemporary]);
  useEffect(() => {
    if (isApiError(preview.error, 422) && preview.error.fieldErrors.uri) setInvalid(uri);
  }, [preview.error, uri]);

  const save = useMutation({
    mutationFn: async () => {
      if (!preview.data) return;
      const { icon: _icon, ...fields } = preview.data;
      await unwrap(api.POST('/api/v1/twofaccounts', { body: toParams(valuesOf(fields), icon.icon) }));
    },
    onSuccess: async () => {
      icon.markSaved();
      await refreshAccounts(queryClient);
      await navigate({ to: '/accounts', search: { toRefresh: true } });
    },
  });

  const leave = () => void navigate({ to: '/accounts' });

  if (preview.isPending) return <Spinner />;
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
        <InvalidUriModal content={invalid} onClose={() => setInvalid(null)} />
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
        <OtpView
          queryKey={['quick', uri]}
          fetchOtp={() => unwrap(api.POST('/api/v1/twofaccounts/otp', { body: { uri } }))}
        />
        <IconField state={icon} />
      </div>
      <FormError message={save.error?.message} />
      <div className="form-actions form-actions-center">
        <button
          type="button"
          className="button button-primary"
          disabled={save.isPending}
          onClick={() => save.mutate()}
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
