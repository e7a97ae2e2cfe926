import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { needsConfirmation } from '../../entities/user/confirm-identity.api';
import { ConfirmIdentity } from '../../entities/user/ConfirmIdentity';
import { revealedExtrasQuery, type RevealedExtras } from '../../entities/extras/extras.api';
import { Spinner } from '../../ui/Spinner';

/** Limits the server applies (note length, codes per account, code length). */
const NOTE_MAX = 10_000;

export interface RevealedExtrasDraft {
  readonly note: string;
  /** One code per line. */
  readonly codes: string;
}

type UsedCode = RevealedExtras['recovery_codes'][number];

interface RevealedExtrasFieldsProps {
  /** The stored account being edited, when it holds a note or codes: they are revealed first. */
  readonly lockedId?: number;
  readonly draft: RevealedExtrasDraft | null;
  readonly onChange: (draft: RevealedExtrasDraft) => void;
}

/**
 * The note and the recovery codes (one per line). A stored account's are secret: they show, and
 * can be changed, only once the server reveals them (after the same recent confirmation as the
 * extras screen); until then the form leaves them as they are.
 */
export function RevealedExtrasFields({ lockedId, draft, onChange }: RevealedExtrasFieldsProps) {
  const { t } = useTranslation('accountForm');
  const queryClient = useQueryClient();
  const [state, setState] = useState<'locked' | 'loading' | 'confirm'>('locked');
  const [used, setUsed] = useState<UsedCode[]>([]);

  const reveal = async () => {
    if (lockedId === undefined) return;
    setState('loading');
    try {
      // The form needs the server: its answer is never null (only a device copy's may be).
      const data = (await queryClient.fetchQuery(revealedExtrasQuery(lockedId))) ?? {
        note: null,
        recovery_codes: [],
      };
      setUsed(data.recovery_codes.filter((code) => code.used_at !== null));
      onChange({ note: data.note ?? '', codes: data.recovery_codes.map((code) => code.code).join('\n') });
    } catch (error) {
      // Other failures are shown by the app's query error handling; the button comes back.
      setState(needsConfirmation(error) ? 'confirm' : 'locked');
    }
  };

  if (!draft) {
    return (
      <fieldset className="revealed-extras">
        <legend>{t('extras.noteAndCodes')}</legend>
        {state === 'locked' && (
          <button type="button" className="button" onClick={() => void reveal()}>
            {t('extras.reveal')}
          </button>
        )}
        {state === 'confirm' && <ConfirmIdentity nested forExtras onConfirmed={() => void reveal()} />}
        {state === 'loading' && <Spinner />}
      </fieldset>
    );
  }
  return <RevealedExtrasEditor draft={draft} used={used} onChange={onChange} />;
}

function RevealedExtrasEditor({
  draft,
  used,
  onChange,
}: {
  readonly draft: RevealedExtrasDraft;
  readonly used: readonly UsedCode[];
  readonly onChange: (draft: RevealedExtrasDraft) => void;
}) {
  const { t, i18n } = useTranslation('accountForm');
  const id = useId();
  const lines = new Set(draft.codes.split('\n').map((line) => line.trim()));
  // A used code keeps its date while its line stays (the server matches codes by value).
  const stillThere = used.filter((code) => lines.has(code.code));
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <fieldset className="revealed-extras">
      <legend>{t('extras.noteAndCodes')}</legend>
      <div className="field">
        <label htmlFor={`${id}-note`}>{t('extras.note')}</label>
        <textarea
          id={`${id}-note`}
          className="input"
          rows={3}
          maxLength={NOTE_MAX}
          value={draft.note}
          onChange={(event) => onChange({ ...draft, note: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-codes`}>{t('extras.codes')}</label>
        <textarea
          id={`${id}-codes`}
          className="input recovery-codes-input"
          rows={5}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={`${id}-codes-help`}
          value={draft.codes}
          onChange={(event) => onChange({ ...draft, codes: event.target.value })}
        />
        <p id={`${id}-codes-help`} className="field-help">
          {t('extras.codesHelp')}
        </p>
      </div>
      {stillThere.length > 0 && (
        <ul className="used-codes" aria-label={t('extras.usedCodes')}>
          {stillThere.map((code) => (
            <li key={code.id}>
              <code>{code.code}</code>{' '}
              {t('extras.usedOn', { date: date.format(new Date(code.used_at ?? '')) })}
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** The draft as the API's fields: the note (blank removes it) and the codes, one per non-blank line. */
export function revealedExtrasBody(draft: RevealedExtrasDraft) {
  return {
    note: draft.note.trim() === '' ? null : draft.note,
    recovery_codes: draft.codes
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .map((code) => ({ code })),
  };
}
