import { getRouteApi } from '@tanstack/react-router';
import { DeviceRecoverScreen } from './DeviceRecoverScreen';
import { PasswordResetScreen } from './PasswordResetScreen';

// Pages of the e-mailed links, bound to their routes' validated query (loaded on demand).
const passwordReset = getRouteApi('/public/user/password/reset');
const deviceRecover = getRouteApi('/public/webauthn/recover');

export function PasswordResetPage() {
  const { email, token } = passwordReset.useSearch();
  return <PasswordResetScreen email={email} token={token} />;
}

export function DeviceRecoverPage() {
  const { email, token } = deviceRecover.useSearch();
  return <DeviceRecoverScreen email={email} token={token} />;
}
