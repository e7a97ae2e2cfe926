import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { iconUrl } from '../../entities/account/icon.api';
import type { IconState } from './icons';
import { HiddenFileInput } from '../../ui/HiddenFileInput';

interface IconFieldProps {
  readonly state: IconState;
  /** The 'I'm lucky' button: shown when official icons are on, enabled from this service length. */
  readonly lucky?: { readonly service: string; readonly minLength: number } | undefined;
}

export function IconField({ state, lucky }: IconFieldProps) {
  const { t } = useTranslation('accountForm');
  const input = useRef<HTMLInputElement>(null);
  const busy = state.upload.isPending || state.fetchLogo.isPending;
  return (
    <div className="field icon-field">
      <span className="field-label" id="icon-label">
        {t('icon.label')}
      </span>
      <div className="icon-row" role="group" aria-labelledby="icon-label">
        <span className="icon-preview">
          {state.icon ? (
            <img src={iconUrl(state.icon)} alt={t('icon.preview')} width={48} height={48} />
          ) : (
            <span className="icon-empty" aria-hidden="true" />
          )}
        </span>
        {lucky && (
          <button
            type="button"
            className="button"
            disabled={busy || lucky.service.trim().length < lucky.minLength}
            onClick={() => state.fetchLogo.mutate(lucky.service.trim())}
          >
            {t('icon.lucky')}
          </button>
        )}
        <button type="button" className="button" disabled={busy} onClick={() => input.current?.click()}>
          {state.icon ? t('icon.change') : t('icon.upload')}
        </button>
        {state.icon && (
          <button type="button" className="button" disabled={busy} onClick={state.remove}>
            {t('icon.remove')}
          </button>
        )}
        <HiddenFileInput ref={input} accept="image/*" onFile={(file) => state.upload.mutate(file)} />
      </div>
    </div>
  );
}
