import { useTranslation } from 'react-i18next';
import type { Account } from '../../../entities/account/account.api';
import { Countdown } from './Countdown';
import { splitCode } from '../../../entities/account/code-format';
import { periodOf, useListCode } from './use-list-code';

function Code({ password, otpType, dotted }: { password: string; otpType: string; dotted: boolean }) {
  return (
    // Codes read left to right in every language.
    <span className="code-parts" dir="ltr">
      {splitCode(password, otpType).map((part, index) => (
        <span key={index}>{dotted ? '●'.repeat(part.length) : part}</span>
      ))}
    </span>
  );
}

interface ListCodeProps {
  readonly account: Account & { secret: string };
  readonly dotted: boolean;
  readonly showNext: boolean;
}

/** An account's current code in the list, the next one when asked, and the seconds left. */
export function ListCode({ account, dotted, showNext }: ListCodeProps) {
  const { t } = useTranslation('accounts');
  const codes = useListCode(account);
  return (
    // A code longer than six digits is set smaller on a phone, leaving the service its room.
    <span className={account.digits > 6 ? 'list-code list-code-long' : 'list-code'}>
      <span className="list-code-text">
        <span className={`list-code-value${dotted ? ' otp-dotted' : ''}`}>
          <span className="visually-hidden">{t('otp.code')}: </span>
          {codes ? <Code password={codes.password} otpType={account.otp_type} dotted={dotted} /> : '…'}
        </span>
        {showNext && codes?.next && (
          <span className="list-code-next">
            {t('list.nextCode')} <Code password={codes.next} otpType={account.otp_type} dotted={dotted} />
          </span>
        )}
      </span>
      <Countdown period={periodOf(account)} />
    </span>
  );
}
