import { iconUrl } from './icon.api';
import './account-icon.css';

interface IconAccount {
  readonly service: string | null;
  readonly account: string;
  readonly icon: string | null;
  readonly indecipherable?: boolean;
}

/** The account's icon, or its initial on a tinted disc when it has none. */
export function AccountIcon({
  account,
  size = 40,
}: {
  readonly account: IconAccount;
  readonly size?: number;
}) {
  const style = { width: size, height: size };
  if (account.indecipherable) {
    return (
      <span className="account-icon account-icon-danger" style={style} aria-hidden="true">
        !
      </span>
    );
  }
  if (account.icon) {
    return <img className="account-icon" style={style} src={iconUrl(account.icon)} alt="" loading="lazy" />;
  }
  const name = account.service ?? account.account;
  const initial = [...name.trim()][0]?.toUpperCase() ?? '?';
  let hue = 0;
  for (const char of name) hue = (hue * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return (
    <span
      className="account-icon account-icon-letter"
      style={{ ...style, fontSize: size * 0.45, ['--hue' as string]: String(hue) }}
      aria-hidden="true"
    >
      {initial}
    </span>
  );
}

export function AccountContent({
  account,
  showIcon,
}: {
  readonly account: IconAccount;
  readonly showIcon: boolean;
}) {
  return (
    <>
      {showIcon && <AccountIcon account={account} />}
      <span className="account-text">
        <span className="account-service">{account.service ?? account.account}</span>
        {account.service && <span className="account-name">{account.account}</span>}
      </span>
    </>
  );
}
