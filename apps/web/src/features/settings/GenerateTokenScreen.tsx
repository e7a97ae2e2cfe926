import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { BodyOf } from '@twofold/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { createToken } from '../../entities/user/tokens.api';
import { applyServerErrors, Field, FormError } from '../../ui/forms';
import { notify } from '../../ui/notify';
import { SettingsSection } from '../../ui/setting-controls';
import { keepFreshToken } from './fresh-token';
import { SCOPE_KEYS, TOKEN_SCOPES } from './token-scopes';

type TokenBody = BodyOf<'/oauth/personal-access-tokens', 'post'>;

/** New personal access token: a name, its scope (full by default), Generate and Cancel. */
export function GenerateTokenScreen() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const form = useForm<TokenBody>({ defaultValues: { name: '', scope: 'full' } });
  const { errors, isSubmitting } = form.formState;
  const mutation = useMutation({
    mutationFn: createToken,
    meta: { handles: [400] },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      keepFreshToken(await mutation.mutateAsync(values));
      await navigate({ to: '/settings/oauth' });
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['name', 'scope']) && isApiError(error, 400)) {
        notify('danger', error.message, { duration: -1 });
      }
    }
  });
  return (
    <SettingsSection title={t('tokens.newTitle')}>
      <form onSubmit={(event) => void submit(event)} noValidate className="settings-form">
        <p className="field-help">{t('tokens.newLead')}</p>
        <Field
          label={t('tokens.name')}
          placeholder={t('tokens.namePlaceholder')}
          autoComplete="off"
          autoFocus
          error={errors.name?.message}
          {...form.register('name')}
        />
        <fieldset className="choice-fieldset">
          <legend>{t('tokens.scope')}</legend>
          {TOKEN_SCOPES.map((scope) => (
            <label key={scope} className="radio-row">
              <input type="radio" value={scope} {...form.register('scope')} />
              <span>
                <strong>{t(SCOPE_KEYS[scope][0])}</strong> — {t(SCOPE_KEYS[scope][1])}
              </span>
            </label>
          ))}
          {errors.scope?.message && <FormError message={errors.scope.message} />}
        </fieldset>
        <FormError message={errors.root?.server?.message} />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={isSubmitting}>
            {t('tokens.generate')}
          </button>
          <Link to="/settings/oauth" className="button">
            {t('common:actions.cancel')}
          </Link>
        </div>
      </form>
    </SettingsSection>
  );
}
