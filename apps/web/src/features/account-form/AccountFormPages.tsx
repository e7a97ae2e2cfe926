import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { accountQuery } from '../../entities/account/account.api';
import { useScanHandoff } from '../../entities/account/scan-handoff';
import { Spinner } from '../../ui/Spinner';
import { AccountForm } from './AccountForm';
import { CodeLogLink } from './CodeLogLink';
import { QuickForm } from './QuickForm';

const editRoute = getRouteApi('/signed-in/account/$twofaccountId/edit');

export function CreateAccountPage() {
  const decodedUri = useScanHandoff('otpauth');
  return decodedUri ? <QuickForm key={decodedUri} uri={decodedUri} /> : <AccountForm />;
}

export function EditAccountPage() {
  const { twofaccountId } = editRoute.useParams();
  const id = Number(twofaccountId);
  // The secret is read for the form only, never kept in the cache.
  const account = useQuery(accountQuery(id));
  if (!account.data) return <Spinner />;
  return (
    <>
      <AccountForm key={id} account={account.data} />
      <CodeLogLink accountId={id} />
    </>
  );
}
