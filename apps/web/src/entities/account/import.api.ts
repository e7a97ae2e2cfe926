import type { ErrorReasonCode } from '@twofold/contract';
import { api, ApiError, reasonCodeOf, unwrap } from '../../api/client';
import { groupsQuery, type Group } from '../group/group.api';
import { formData, type CreateAccountBody, type ImportItem } from './account.api';
import type { QueryClient } from '@tanstack/react-query';

/** What an import reads: a file (dropped or picked) or pasted text, and the export's password. */
export interface ImportSource {
  readonly file?: File;
  readonly text?: string;
  readonly password?: string;
}

export interface ImportPreview {
  readonly rows: ImportItem[];
  /** Entries skipped on purpose (Bitwarden items without a code, trashed Ente entries). */
  readonly skipped: number;
  /** Batch notices, e.g. a Google QR code of a batch not scanned. */
  readonly notices: string[];
}

/**
 * The export is encrypted and no password was sent: `app` names the app (from `X-Import-App`),
 * `reason` is `account_key` for a Bitwarden export that no password opens.
 */
export class PasswordNeeded extends Error {
  constructor(
    readonly app: string,
    readonly reason: 'password_required' | 'account_key',
  ) {
    super('password needed');
    this.name = 'PasswordNeeded';
  }
}

/** The password prompt an import refusal asks for, by its reason code. */
function passwordPrompt(code: ErrorReasonCode | null): PasswordNeeded['reason'] | null {
  switch (code) {
    case 'password_required':
    case 'account_key':
      return code;
    case null:
    case 'identity_confirmation_required':
    case 'password_sign_in_off':
    case 'This action is unauthorized.':
      return null;
    default: {
      const unknown: never = code;
      return unknown;
    }
  }
}

/**
 * The import grant of the last preview (`X-Import-Grant`): sent back on the account creations of
 * the import, it lets them use the server's higher import rate limit.
 */
let importGrant: string | null = null;

/** The accounts of a Google Authenticator migration URI, not yet stored. */
export async function previewMigrationUri(uri: string): Promise<ImportItem[]> {
  const { data, error, response } = await api.POST('/api/v1/twofaccounts/import', { body: { uri } });
  if (!response.ok) throw new ApiError(response.status, error);
  importGrant = response.headers.get('x-import-grant');
  return data ?? [];
}

/**
 * Stores one row of an import, with the grant of its preview and the row's idempotency key: sent
 * again after a failure whose outcome was unknown, the row is answered, not stored twice.
 */
export function createImportedAccount(body: CreateAccountBody, idempotencyKey: string) {
  const headers: Record<string, string> = importGrant ? { 'X-Import-Grant': importGrant } : {};
  return unwrap(
    api.POST('/api/v1/twofaccounts', {
      body,
      headers,
      params: { header: { 'idempotency-key': idempotencyKey } },
    }),
  );
}

/** The rows of any supported export, not yet stored (secrets included, to store them). */
export async function previewImport(source: ImportSource): Promise<ImportPreview> {
  const password = source.password ? { password: source.password } : {};
  const { data, error, response } = source.file
    ? await api.POST('/api/v1/twofaccounts/migration', {
        body: { file: source.file, withSecret: '1', withExtras: '1', ...password },
        bodySerializer: (body) => formData(body as Record<string, Blob | string>),
      })
    : await api.POST('/api/v1/twofaccounts/migration', {
        body: { payload: source.text ?? '', withSecret: '1', withExtras: '1', ...password },
      });
  if (!response.ok) {
    const prompt = response.status === 400 ? passwordPrompt(reasonCodeOf(error)) : null;
    if (prompt) throw new PasswordNeeded(response.headers.get('x-import-app') ?? '', prompt);
    throw new ApiError(response.status, error);
  }
  importGrant = response.headers.get('x-import-grant');
  const notice = response.headers.get('x-import-notice');
  return {
    rows: data ?? [],
    skipped: Number(response.headers.get('x-import-skipped') ?? 0) || 0,
    notices: notice ? notice.split('; ') : [],
  };
}

/**
 * The id of the group named `name`, created when missing; the groups are read once per import
 * (`known`) so that hundreds of rows do not each fetch the list.
 */
export async function groupIdFor(
  queryClient: QueryClient,
  known: Map<string, number>,
  name: string | null | undefined,
): Promise<number | null> {
  const wanted = name?.trim();
  if (!wanted) return null;
  if (known.size === 0) {
    const groups: Group[] = await queryClient.fetchQuery(groupsQuery);
    for (const group of groups) if (group.id > 0) known.set(group.name.toLowerCase(), group.id);
  }
  const found = known.get(wanted.toLowerCase());
  if (found !== undefined) return found;
  const created = await api.POST('/api/v1/groups', { body: { name: wanted } });
  if (!created.response.ok || !created.data) return null;
  known.set(wanted.toLowerCase(), created.data.id);
  return created.data.id;
}
