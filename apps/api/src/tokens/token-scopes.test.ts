import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import * as m0013 from '../db/migrations/0013_token_scopes.js';
import { describeEachDatabase } from '../test/harness.js';
import { type Caller, bearerCaller, registerWithSession } from '../test/auth-helpers.js';
import { hashToken } from './tokens.queries.js';

type Scope = 'codes' | 'read' | 'full';
type Requirement = Scope | 'session';

/**
 * What a token needs for each operation reaching a caller. Every operation of the document with a
 * caller must be here: a new route fails this suite until it is classified.
 */
const EXPECTED: Readonly<Record<string, Requirement>> = {
  // codes: the accounts without secrets, their codes, and what a code-reading client shows around them
  listAccounts: 'codes',
  countAccounts: 'codes',
  getAccount: 'codes',
  getAccountOtp: 'codes',
  previewOtp: 'codes',
  listGroupAccounts: 'codes',
  listGroups: 'codes',
  getGroup: 'codes',
  listTags: 'codes',
  getTag: 'codes',
  listPreferences: 'codes',
  getPreference: 'codes',
  getUser: 'codes',
  getUserName: 'codes',
  getSessionStatus: 'codes',
  getInfos: 'codes',
  listFeatures: 'codes',
  getFeature: 'codes',
  // the server's clock and data disk: a code-reading client warns when its codes may be wrong
  getServerStatus: 'codes',
  // read: every other read, secrets included
  getAccountQrCode: 'read',
  revealAccountRecovery: 'read',
  listAccountChanges: 'read',
  getAccountOtpLogs: 'read',
  getCodeLog: 'read',
  reportViewedCodes: 'codes',
  // a device ends its own token (unpaired, offline copy turned off), whatever its scope
  endDeviceToken: 'codes',
  // the one write of a codes token: an account learns a website (the browser extension)
  addAccountWebsite: 'codes',
  getAccountUsage: 'read',
  // the extension's offline copy records its refresh with its own `read` token (its own copy only)
  refreshDeviceCopy: 'read',
  exportAccounts: 'read',
  exportAccountsEncrypted: 'read',
  listTrash: 'read',
  listBackups: 'read',
  downloadBackup: 'read',
  getBackupSettings: 'read',
  listBackupDestinations: 'read',
  listSettings: 'read',
  getSetting: 'read',
  listIconPacks: 'read',
  listIconDigests: 'read',
  listUsers: 'read',
  showUser: 'read',
  listAuthentications: 'read',
  // full: the writes
  createAccount: 'full',
  updateAccount: 'full',
  deleteAccount: 'full',
  deleteAccounts: 'full',
  withdrawAccounts: 'full',
  reorderAccounts: 'full',
  reorderFavorites: 'full',
  setFavorite: 'full',
  findDuplicates: 'full',
  previewAccount: 'full',
  importGoogleMigration: 'full',
  migrateAccounts: 'full',
  writeAccountRecovery: 'full',
  markRecoveryCode: 'full',
  restoreTrash: 'full',
  purgeTrash: 'full',
  emptyTrash: 'full',
  createGroup: 'full',
  updateGroup: 'full',
  deleteGroup: 'full',
  reorderGroups: 'full',
  assignAccounts: 'full',
  createTag: 'full',
  renameTag: 'full',
  deleteTag: 'full',
  tagAccounts: 'full',
  untagAccounts: 'full',
  uploadIcon: 'full',
  fetchDefaultIcon: 'full',
  deleteIcon: 'full',
  decodeQrCode: 'full',
  createSetting: 'full',
  updateSetting: 'full',
  deleteSetting: 'full',
  updatePreference: 'full',
  createBackup: 'full',
  updateBackupSettings: 'full',
  deleteBackup: 'full',
  createUser: 'full',
  deleteManagedUser: 'full',
  promoteUser: 'full',
  resetUserPassword: 'full',
  // session: the sensitive settings, never with a token
  getAlertSettings: 'session',
  setAlertKinds: 'session',
  saveAlertChannel: 'session',
  deleteAlertChannel: 'session',
  testAlertChannel: 'session',
  subscribeAlertPush: 'session',
  unsubscribeAlertPush: 'session',
  setBackupPassword: 'session',
  downloadBreakGlass: 'session',
  createBackupDestination: 'session',
  updateBackupDestination: 'session',
  deleteBackupDestination: 'session',
  testBackupDestination: 'session',
  listDestinationBackups: 'session',
  drillDestinationBackup: 'session',
  listDeviceCopies: 'session',
  registerDeviceCopy: 'session',
  revokeDeviceCopy: 'session',
  getDeviceAuthorization: 'session',
  approveDeviceAuthorization: 'session',
  denyDeviceAuthorization: 'session',
  revokeUserTokens: 'session',
  revokeUserCredentials: 'session',
  listPersonalAccessTokens: 'session',
  createPersonalAccessToken: 'session',
  revokePersonalAccessToken: 'session',
  oidcCallback: 'session',
  getOidcLink: 'session',
  startOidcLink: 'session',
  unlinkOidc: 'session',
  updateUser: 'session',
  deleteUser: 'session',
  changePassword: 'session',
  confirmIdentity: 'session',
  confirmIdentityWebauthn: 'session',
  confirmIdentityWebauthnOptions: 'session',
  listSessions: 'session',
  endSession: 'session',
  endOtherSessions: 'session',
  listWebauthnCredentials: 'session',
  revokeWebauthnCredential: 'session',
  renameWebauthnCredential: 'session',
  webauthnRegister: 'session',
  webauthnRegisterOptions: 'session',
};

const RANK: Record<Requirement, number> = { codes: 0, read: 1, full: 2, session: 3 };
const SCOPES: readonly Scope[] = ['codes', 'read', 'full'];

const scopeMessage = (scope: Scope) =>
  `Your token cannot do this: it needs the "${scope}" scope or a wider one.`;
const SESSION_MESSAGE = 'Only a signed-in session can do this, not a personal access token.';

/**
 * The refusal of a token: 403 naming what is needed; on the web app's session routes (2FAuth's
 * own, tokens included), 401 as 2FAuth answers any Bearer token there.
 */
function refusalOf(needed: Requirement, sessionRoute: boolean): string {
  if (sessionRoute) return `401 ${JSON.stringify({ message: 'Unauthenticated.' })}`;
  const message = needed === 'session' ? SESSION_MESSAGE : scopeMessage(needed);
  return `403 ${JSON.stringify({ message })}`;
}

interface Operation {
  readonly operationId: string;
  readonly method: string;
  readonly url: string;
  readonly declared: unknown;
  /** Declared for sessions only (`auth: 'session'` routes). */
  readonly sessionOnly: boolean;
}

/** Path parameters filled with harmless values: the scope is checked before anything else. */
const PARAMS: Record<string, string> = {
  id: '999',
  codeId: '999',
  name: 'nothing',
  key: 'nothing',
  type: 'ntfy',
  filename: 'none.png',
};

describeEachDatabase('personal access token scopes', (t) => {
  /** Inserts a token of `scope` (with the user, from `registerWithSession`); returns its caller. */
  async function tokenOf(scope: Scope): Promise<Caller> {
    const value = randomBytes(48).toString('base64url');
    const now = t.clock.now();
    await t.db
      .insertInto('personal_access_tokens')
      .values({
        id: randomBytes(20).toString('hex'),
        name: scope,
        scope,
        token_hash: hashToken(value),
        created_at: now,
        updated_at: now,
        expires_at: new Date(now.getTime() + 3600_000),
      })
      .execute();
    return bearerCaller(t, () => value);
  }

  /** Every operation of the document that has a caller (tokens or sessions). */
  function operations(): Operation[] {
    const document = t.app.swagger() as unknown as {
      paths: Record<
        string,
        Record<string, { operationId: string; security?: unknown[]; [k: string]: unknown }>
      >;
    };
    const found: Operation[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (!operation.security || operation.security.length === 0) continue;
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) => PARAMS[name] ?? 'x');
        const declared = operation['x-twofold-token-scope'];
        const sessionOnly = JSON.stringify(operation.security) === JSON.stringify([{ session: [] }]);
        found.push({
          operationId: operation.operationId,
          method: method.toUpperCase(),
          url,
          declared,
          sessionOnly,
        });
      }
    }
    return found;
  }

  it('classifies every operation with a caller, and documents it as x-twofold-token-scope', () => {
    const found = operations();
    expect(found.map((operation) => operation.operationId).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const operation of found) {
      expect({ id: operation.operationId, scope: operation.declared }).toEqual({
        id: operation.operationId,
        scope: EXPECTED[operation.operationId],
      });
    }
  });

  it('lets each token scope call exactly the routes of its scope, and refuses the rest with a 403', async () => {
    await registerWithSession(t);
    const callers = {
      codes: await tokenOf('codes'),
      read: await tokenOf('read'),
      full: await tokenOf('full'),
    };
    const outcomes: string[] = [];
    const expected: string[] = [];
    const sessionRoutes = new Set(
      operations()
        .filter((operation) => operation.sessionOnly)
        .map((operation) => operation.operationId),
    );
    // A token ending itself is called last: every call after it would hear 401.
    const last = (operation: Operation) => (operation.operationId === 'endDeviceToken' ? 1 : 0);
    for (const operation of operations().sort((a, b) => last(a) - last(b))) {
      const needed = EXPECTED[operation.operationId]!;
      for (const scope of SCOPES) {
        const response = await callers[scope](operation.method, operation.url);
        const message =
          response.statusCode === 403 ? (response.json<{ message?: string }>().message ?? '') : '';
        const refusal =
          (response.statusCode === 403 &&
            [SESSION_MESSAGE, scopeMessage('read'), scopeMessage('full')].includes(message)) ||
          response.statusCode === 401;
        const line = `${operation.method} ${operation.url} as ${scope}`;
        outcomes.push(`${line}: ${refusal ? `${response.statusCode} ${response.body}` : `allowed`}`);
        const allowed = RANK[scope] >= RANK[needed];
        expected.push(
          `${line}: ${allowed ? 'allowed' : refusalOf(needed, sessionRoutes.has(operation.operationId))}`,
        );
      }
    }
    expect(outcomes).toEqual(expected);
  });

  it('never limits the signed-in session', async () => {
    const client = await registerWithSession(t);
    for (const operation of operations()) {
      // Signing out or leaving the session would end the client; those are tested elsewhere. A
      // token ending itself is a token's own route: a session is told so (device-authorizations.test.ts).
      if (['deleteUser', 'endSession', 'endDeviceToken'].includes(operation.operationId)) continue;
      const response = await client.request(operation.method, operation.url);
      const line = `${operation.method} ${operation.url}`;
      expect(response.statusCode, `${line}: ${response.body}`).not.toBe(401);
      if (response.statusCode === 403) {
        expect(response.body, line).not.toContain('token');
      }
    }
  });

  it('refuses encryption at rest and the alert settings to every token, and leaves them unchanged', async () => {
    const client = await registerWithSession(t);
    const before = (await client.request('GET', '/api/v1/alerts')).json();
    for (const scope of SCOPES) {
      const token = await tokenOf(scope);
      const encryption = await token('PUT', '/api/v1/settings/useEncryption', { value: true });
      expect(encryption.statusCode).toBe(403);
      expect(encryption.json()).toEqual({ message: SESSION_MESSAGE });
      const kinds = await token('PUT', '/api/v1/alerts/kinds', { export: false });
      expect(kinds.statusCode).toBe(403);
      expect(kinds.json()).toEqual({ message: SESSION_MESSAGE });
      expect((await token('DELETE', '/api/v1/alerts/channels/email')).statusCode).toBe(403);
    }
    expect((await client.request('GET', '/api/v1/alerts')).json()).toEqual(before);
    expect((await client.request('GET', '/api/v1/settings/useEncryption')).json()).toEqual({
      key: 'useEncryption',
      value: false,
    });
    // The signed-in user may.
    const enabled = await client.request('PUT', '/api/v1/settings/useEncryption', { value: true });
    expect(enabled.statusCode).toBe(200);
    // A full token still changes the other settings and the two 2FAuth alert preferences.
    const full = await tokenOf('full');
    expect((await full('PUT', '/api/v1/settings/showOtpAsDot', { value: true })).statusCode).toBe(200);
    expect(
      (await full('PUT', '/api/v1/user/preferences/notifyOnFailedLogin', { value: false })).statusCode,
    ).toBe(201);
    // An unknown token is still unknown.
    const unknown = bearerCaller(t, () => 'x'.repeat(64));
    expect((await unknown('PUT', '/api/v1/alerts/kinds', { export: false })).statusCode).toBe(401);
  });

  it('never shows a secret, a note or a recovery code to a codes token', async () => {
    const client = await registerWithSession(t);
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const created = await client.request('POST', '/api/v1/twofaccounts', {
      service: 'Bank',
      account: 'me',
      otp_type: 'totp',
      secret,
      note: 'the PIN is 4321',
      recovery_codes: [{ code: 'rescue-0001' }],
      tags: ['money'],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    const codes = await tokenOf('codes');
    const flags = [
      '',
      'withOtp=1',
      'withExtras=1',
      'withExtras=1&withOtp=1',
      'withSecret=0',
      'withSecret=0&withExtras=1',
    ];
    const urls = flags.flatMap((query) => [
      `/api/v1/twofaccounts?${query}`,
      `/api/v1/twofaccounts?ids=${id}&${query}`,
      `/api/v1/twofaccounts/${id}?${query}`,
      `/api/v1/groups/0/twofaccounts?${query}`,
    ]);
    for (const url of urls) {
      const response = await codes('GET', url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('Bank');
      for (const hidden of [secret, 'PIN is 4321', 'rescue-0001'])
        expect(response.body, url).not.toContain(hidden);
    }
    for (const url of [
      `/api/v1/twofaccounts?withSecret=1`,
      `/api/v1/twofaccounts/${id}?withSecret=true`,
      `/api/v1/twofaccounts/${id}?withSecret=on&withExtras=1`,
      `/api/v1/groups/0/twofaccounts?withSecret=yes`,
      `/api/v1/twofaccounts/${id}/recovery`,
      `/api/v1/twofaccounts/${id}/qrcode`,
      `/api/v1/twofaccounts/export?ids=${id}`,
    ]) {
      const response = await codes('GET', url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual({ message: scopeMessage('read') });
    }
    // Its codes it may read.
    const otp = await codes('GET', `/api/v1/twofaccounts/${id}/otp`);
    expect(otp.statusCode).toBe(200);
    expect(otp.json()).toMatchObject({ password: expect.stringMatching(/^\d{6}$/) });
    // A read token reads the same account with its secret, as 2FAuth answers it.
    const read = await tokenOf('read');
    expect((await read('GET', `/api/v1/twofaccounts/${id}`)).json()).toMatchObject({ secret });
    const revealed = (await read('GET', `/api/v1/twofaccounts/${id}/recovery`)).body;
    expect(revealed).toContain('PIN is 4321');
    expect(revealed).toContain('rescue-0001');
  });

  it('creates tokens with a scope, full by default, and shows it in the list', async () => {
    const client = await registerWithSession(t);
    const plain = (
      await client.request('POST', '/oauth/personal-access-tokens', { name: 'old client' })
    ).json();
    expect(plain.token.scope).toBe('full');
    t.clock.advance(60);
    const created = await client.request('POST', '/oauth/personal-access-tokens', {
      name: 'extension',
      scope: 'codes',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().token).toMatchObject({ name: 'extension', scope: 'codes', scopes: [] });
    const list = (await client.request('GET', '/oauth/personal-access-tokens')).json<{ scope: string }[]>();
    expect(list.map((token) => token.scope)).toEqual(['codes', 'full']);
    const token = bearerCaller(t, () => created.json().accessToken as string);
    expect((await token('GET', '/api/v1/twofaccounts')).statusCode).toBe(200);
    expect((await token('POST', '/api/v1/groups', { name: 'G' })).statusCode).toBe(403);

    const wrong = await client.request('POST', '/oauth/personal-access-tokens', {
      name: 'x',
      scope: 'admin',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: expect.any(String), errors: { scope: [expect.any(String)] } });
  });

  it('answers a refusal in the caller language', async () => {
    await registerWithSession(t);
    const codes = await tokenOf('codes');
    const response = await codes('POST', '/api/v1/groups', { name: 'G' }, { 'accept-language': 'fr' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message:
        'Votre jeton ne peut pas faire cela : il lui faut la portée « full » ou une portée plus large.',
    });
  });

  it('makes the tokens created before scopes full tokens (migration 0013)', async () => {
    await registerWithSession(t);
    await m0013.down(t.db);
    const value = randomBytes(48).toString('base64url');
    const now = t.clock.now();
    await t.db
      .insertInto('personal_access_tokens')
      .values({
        id: 'a'.repeat(40),
        name: 'before',
        token_hash: hashToken(value),
        created_at: now,
        updated_at: now,
        expires_at: new Date(now.getTime() + 3600_000),
      })
      .execute();
    await m0013.up(t.db);
    const row = await t.db.selectFrom('personal_access_tokens').select('scope').executeTakeFirstOrThrow();
    expect(row.scope).toBe('full');
    t.app.deps.caches.clear();
    const token = bearerCaller(t, () => value);
    expect((await token('POST', '/api/v1/groups', { name: 'G' })).statusCode).toBe(201);
  });
});
