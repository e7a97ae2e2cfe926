import { api, unwrap } from '../../api/client';

/** The ids to export, or every account when none is given (the server's rule). */
const idQuery = (ids: readonly number[]) => (ids.length > 0 ? { ids: ids.join(',') } : {});

/** A file's text for each export format: 2FAuth JSON, Aegis vault (plain), otpauth list. */
export async function exportFileText(format: '2fauth' | 'aegis' | 'txt', ids: readonly number[]) {
  if (format === 'txt') {
    return unwrap(
      api.GET('/api/v1/twofaccounts/export', {
        params: { query: { ...idQuery(ids), format: 'txt' } },
        parseAs: 'text',
      }),
    );
  }
  const data = await unwrap(
    api.GET('/api/v1/twofaccounts/export', { params: { query: { ...idQuery(ids), format } } }),
  );
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** An Aegis vault encrypted with a password (sent in the body, never in a URL). */
export async function exportEncryptedVault(ids: readonly number[], password: string) {
  const vault = await unwrap(
    api.POST('/api/v1/twofaccounts/export', { body: { ...idQuery(ids), format: 'aegis', password } }),
  );
  return `${JSON.stringify(vault, null, 2)}\n`;
}

/** Google Authenticator migration URIs (at most 10 accounts each) and the accounts it cannot hold. */
export async function exportMigrationUris(ids: readonly number[]) {
  const data = await unwrap(
    api.GET('/api/v1/twofaccounts/export', {
      params: { query: { ...idQuery(ids), format: 'gmigration' } },
    }),
  );
  if (!('uris' in data)) throw new Error('Unexpected export answer');
  return data;
}
