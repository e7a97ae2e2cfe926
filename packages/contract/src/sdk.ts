import { TwofoldApiError, TwofoldNetworkError, unwrap } from './errors.js';
import { createTwofoldClient, type TwofoldClient, type TwofoldClientOptions } from './client.js';
import { deviceAuthorizationApi } from './device-authorization.js';
import { accountLists, idList, readQuery, type ReadOptions } from './list.js';
import type {
  Account,
  AccountUsage,
  Algorithm,
  AegisVault,
  Backup,
  CreateAccountBody,
  ExportShapes,
  Group,
  ImportRow,
  JsonExportFormat,
  Otp,
  OtpType,
  AccountRecovery,
  RecoveryWrite,
  Tag,
  TokenScope,
  User,
} from './types.js';

export type * from './types.js';

export type { ListOptions, PageOptions, ReadOptions } from './list.js';
export { wholeList } from './list.js';

export interface PreviewImportOptions {
  /** The export as text (JSON, otpauth lines, Google Authenticator migration URIs...). */
  readonly payload?: string | undefined;
  /** The export as a file; binary formats (encrypted andOTP) only come this way. */
  readonly file?: Blob | undefined;
  /** The password of an encrypted export, sent byte for byte (never trimmed, line endings kept). */
  readonly password?: string | undefined;
  /** `true`: rows include their secret (needed to store them with `importRows`). */
  readonly withSecret?: boolean | undefined;
}

function formData(fields: Record<string, Blob | string | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  return form;
}

export interface CreateOptions {
  /**
   * The `Idempotency-Key` header (1 to 255 printable ASCII characters): the server answers a
   * repeat with the same key and body, within a day, with the account the first one created.
   */
  readonly idempotencyKey?: string | undefined;
  /**
   * Attempts with an `idempotencyKey` (default 1): after a network failure or a 500/502/503/504,
   * whose creation may have been stored or not, the request is sent again with the same key.
   */
  readonly tries?: number | undefined;
  /** Pause before the second attempt (default 1000 ms), doubled, tripled... after. */
  readonly retryDelayMs?: number | undefined;
}

/**
 * A new idempotency key: a random UUID (version 4). Built from `getRandomValues`, which browsers
 * also offer on plain-HTTP pages, where `crypto.randomUUID` is missing.
 */
export function newIdempotencyKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Answers after which a creation may have been stored or not: worth a retry with the same key. */
const UNKNOWN_OUTCOME = new Set([500, 502, 503, 504]);

/**
 * Runs a keyed creation, and again (same key) after a network failure or an answer that leaves
 * its outcome unknown: the key makes a retry of a stored creation answer it instead of storing twice.
 */
async function withRetries<T>(attempt: () => Promise<T>, tries: number, delayMs: number): Promise<T> {
  for (let done = 1; ; done += 1) {
    try {
      return await attempt();
    } catch (error) {
      const unknown =
        error instanceof TwofoldApiError
          ? UNKNOWN_OUTCOME.has(error.status)
          : error instanceof TwofoldNetworkError || error instanceof TypeError;
      if (!unknown || done >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs * done));
    }
  }
}

/** Options of `importRows`: each row is created with its own idempotency key, 3 tries by default. */
export interface ImportRowsOptions extends Pick<CreateOptions, 'tries' | 'retryDelayMs'> {
  /** Leaves out the rows the preview marked as duplicates (`id` -1). */
  readonly skipDuplicates?: boolean | undefined;
}

/**
 * The preview request's body: JSON for text (no line ending changes), else multipart with the
 * password as a file part, since multipart text fields get their line breaks turned into CRLF.
 */
function previewBody(input: PreviewImportOptions): { json?: Record<string, string>; form?: FormData } {
  const withSecret = input.withSecret ? '1' : undefined;
  if (!input.file) {
    const json: Record<string, string> = { payload: input.payload ?? '' };
    if (input.password !== undefined) json.password = input.password;
    if (withSecret) json.withSecret = withSecret;
    return { json };
  }
  const password =
    input.password === undefined
      ? undefined
      : new Blob([input.password], { type: 'text/plain;charset=utf-8' });
  return { form: formData({ file: input.file, password, withSecret }) };
}

/** The fields a preview row brings to `POST /api/v1/twofaccounts`, as the web app's import sends them. */
function rowToBody(row: ImportRow): CreateAccountBody {
  const base = {
    service: row.service,
    account: row.account,
    icon: row.icon,
    otp_type: row.otp_type as OtpType,
    secret: row.secret ?? null,
    digits: row.digits,
    algorithm: row.algorithm as Algorithm,
  };
  return row.otp_type === 'hotp' ? { ...base, counter: row.counter } : { ...base, period: row.period };
}

/**
 * The user and what the token may do: Twofold says it in the answer's `X-Token-Scope` header;
 * `scope` is null for a session or a server without token scopes.
 */
async function whoami(client: TwofoldClient): Promise<{ user: User; scope: TokenScope | null }> {
  const pending = client.GET('/api/v1/user');
  const { response } = await pending;
  const user = (await unwrap(pending)) as User;
  const header = response.headers.get('x-token-scope');
  const scope = header === 'codes' || header === 'read' || header === 'full' ? header : null;
  return { user, scope };
}

/** Task-shaped methods over the typed client: booleans instead of wire flags, errors thrown. */
export function createTwofold(options: TwofoldClientOptions = {}) {
  const client: TwofoldClient = createTwofoldClient(options);
  const accounts = {
    ...accountLists(client),
    get: (id: number, read: ReadOptions = {}): Promise<Account> =>
      unwrap(client.GET('/api/v1/twofaccounts/{id}', { params: { path: { id }, query: readQuery(read) } })),
    create: (
      body: CreateAccountBody,
      read: Pick<ReadOptions, 'withSecret'> = {},
      opts: CreateOptions = {},
    ): Promise<Account> => {
      const key = opts.idempotencyKey;
      const header = key ? { header: { 'idempotency-key': key } } : {};
      const attempt = () =>
        unwrap(client.POST('/api/v1/twofaccounts', { body, params: { query: readQuery(read), ...header } }));
      return key ? withRetries(attempt, opts.tries ?? 1, opts.retryDelayMs ?? 1000) : attempt();
    },
    /** The current code; for a HOTP account this spends the counter. */
    otp: (id: number): Promise<Otp> =>
      unwrap(client.GET('/api/v1/twofaccounts/{id}/otp', { params: { path: { id } } })),
    delete: (ids: readonly number[]): Promise<void> =>
      unwrap(client.DELETE('/api/v1/twofaccounts', { params: { query: { ids: ids.join(',') } } })),
    /** Each account read within the last `days` days (the `usageDays` preference by default). */
    usage: (days?: number): Promise<AccountUsage> =>
      unwrap(client.GET('/api/v1/otp-logs/usage', { params: { query: days === undefined ? {} : { days } } })),
    /** Codes this app computed itself and showed, by account id (never the code). */
    reportViewed: (ids: readonly number[]): Promise<void> =>
      unwrap(client.POST('/api/v1/otp-logs/viewed', { body: { ids: [...ids] } })),
    /** Converts another app's export into rows; stores nothing (see `importRows`). */
    previewImport: (input: PreviewImportOptions): Promise<ImportRow[]> => {
      const { json, form } = previewBody(input);
      return unwrap(
        client.POST('/api/v1/twofaccounts/migration', {
          body: json ?? { payload: null },
          ...(form ? { bodySerializer: () => form } : {}),
        }),
      );
    },
    /**
     * Stores the importable rows (valid, and duplicates unless skipped) one by one, in order. Each
     * row has its own idempotency key, kept across its retries: a retry never stores it twice.
     */
    importRows: async (rows: readonly ImportRow[], opts: ImportRowsOptions = {}): Promise<Account[]> => {
      const created: Account[] = [];
      for (const row of rows) {
        if (row.id === -2 || (row.id === -1 && opts.skipDuplicates)) continue;
        const idempotencyKey = newIdempotencyKey();
        const keyed = { idempotencyKey, tries: opts.tries ?? 3, retryDelayMs: opts.retryDelayMs };
        created.push(await accounts.create(rowToBody(row), { withSecret: false }, keyed));
      }
      return created;
    },
    /**
     * A plain export, every account by default; its type follows `format` (2FAuth JSON by
     * default, otpauth, an Aegis vault, Google Authenticator migration URIs).
     */
    export: <F extends JsonExportFormat = '2fauth'>(
      opts: { readonly ids?: readonly number[] | undefined; readonly format?: F | undefined } = {},
    ): Promise<ExportShapes[F]> =>
      unwrap(
        client.GET('/api/v1/twofaccounts/export', {
          params: { query: { ...idList(opts.ids), format: opts.format ?? '2fauth' } },
        }),
      ) as Promise<ExportShapes[F]>,
    /** One otpauth URI per line. */
    exportText: (opts: { readonly ids?: readonly number[] | undefined } = {}): Promise<string> =>
      unwrap(
        client.GET('/api/v1/twofaccounts/export', {
          params: { query: { ...idList(opts.ids), format: 'txt' } },
          parseAs: 'text',
        }),
      ),
    /** A password-encrypted Aegis vault (the password travels in the body, never in a URL). */
    exportEncrypted: (opts: {
      readonly password: string;
      readonly ids?: readonly number[] | undefined;
    }): Promise<AegisVault> =>
      unwrap(
        client.POST('/api/v1/twofaccounts/export', {
          body: { ...idList(opts.ids), format: 'aegis', password: opts.password },
        }),
      ),
  };
  const extras = extrasApi(client);
  return {
    /** The typed client underneath, for every route the methods do not cover. */
    client,
    accounts,
    groups: groupsApi(client),
    /** Tags (Twofold only): any number per account. */
    tags: tagsApi(client),
    /** An account's extras revealed one at a time: its note and recovery codes (Twofold only). */
    extras,
    /** @deprecated The same as `extras` (its earlier name). */
    recovery: extras,
    /** Encrypted backups (set their password in the web app's settings first). */
    backups: backupsApi(client),
    /** Pairing a device without copying a token (Twofold only). */
    deviceAuthorization: deviceAuthorizationApi(client),
    /** The signed-in user (a cheap way to check a token). */
    user: (): Promise<User> => unwrap(client.GET('/api/v1/user')) as Promise<User>,
    /** The user and what the token may do (`scope`: null for a session or an older server). */
    whoami: () => whoami(client),
    /** The text stored in a QR code image (not validated: otpauth://, otpauth-migration://...). */
    decodeQrCode: async (image: Blob): Promise<string> =>
      (
        await unwrap(
          client.POST('/api/v1/qrcode/decode', {
            body: { qrcode: image },
            bodySerializer: () => formData({ qrcode: image }),
          }),
        )
      ).data,
  };
}

export type Twofold = ReturnType<typeof createTwofold>;

/** Encrypted backups (set their password in the web app's settings first). */
function backupsApi(client: TwofoldClient) {
  return {
    /** Newest first. */
    list: (): Promise<Backup[]> => unwrap(client.GET('/api/v1/backups')),
    /** Backs up every account now; a 409 `TwofoldApiError` when no backup password is set. */
    create: (): Promise<Backup> => unwrap(client.POST('/api/v1/backups')),
    /** The backup file's text (an encrypted Aegis vault, JSON). */
    download: (name: string): Promise<string> =>
      unwrap(client.GET('/api/v1/backups/{name}', { params: { path: { name } }, parseAs: 'text' })),
    delete: (name: string): Promise<void> =>
      unwrap(client.DELETE('/api/v1/backups/{name}', { params: { path: { name } } })),
  };
}

/** Tags (Twofold only): any number per account. */
function tagsApi(client: TwofoldClient) {
  return {
    list: (): Promise<Tag[]> => unwrap(client.GET('/api/v1/tags')),
    create: (name: string): Promise<Tag> => unwrap(client.POST('/api/v1/tags', { body: { name } })),
    rename: (id: number, name: string): Promise<Tag> =>
      unwrap(client.PUT('/api/v1/tags/{id}', { params: { path: { id } }, body: { name } })),
    delete: (id: number): Promise<void> =>
      unwrap(client.DELETE('/api/v1/tags/{id}', { params: { path: { id } } })),
    assign: (id: number, ids: readonly number[]): Promise<Tag> =>
      unwrap(client.POST('/api/v1/tags/{id}/assign', { params: { path: { id } }, body: { ids: [...ids] } })),
    withdraw: (id: number, ids: readonly number[]): Promise<Tag> =>
      unwrap(
        client.POST('/api/v1/tags/{id}/withdraw', { params: { path: { id } }, body: { ids: [...ids] } }),
      ),
  };
}

/** An account's note and recovery codes (Twofold only). */
function extrasApi(client: TwofoldClient) {
  return {
    /** A web session must have confirmed its user within five minutes (`confirmPassword`). */
    reveal: (id: number): Promise<AccountRecovery> =>
      unwrap(client.GET('/api/v1/twofaccounts/{id}/recovery', { params: { path: { id } } })),
    write: (id: number, body: RecoveryWrite) =>
      unwrap(client.PUT('/api/v1/twofaccounts/{id}/recovery', { params: { path: { id } }, body })),
    mark: (id: number, codeId: number, used: boolean) =>
      unwrap(
        client.PATCH('/api/v1/twofaccounts/{id}/recovery-codes/{codeId}', {
          params: { path: { id, codeId } },
          body: { used },
        }),
      ),
    confirmPassword: (password: string) => unwrap(client.POST('/user/confirm', { body: { password } })),
  };
}

function groupsApi(client: TwofoldClient) {
  return {
    list: (): Promise<Group[]> => unwrap(client.GET('/api/v1/groups')),
    accounts: (id: number, read: ReadOptions = {}): Promise<Account[]> =>
      unwrap(
        client.GET('/api/v1/groups/{id}/twofaccounts', { params: { path: { id }, query: readQuery(read) } }),
      ),
  };
}
