import fc from 'fast-check';
import { beforeEach, expect, it } from 'vitest';
import { john, loginWithSession, registerWithSession, type SessionClient } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';
import { fixtures as F } from '../accounts/fixtures.js';

/*
 * One rule for every body, on create and on update alike: null and "" (and blanks) on a field mean
 * "not given" (its default, or the stored value kept), or a 422 naming that field. Never a 5xx.
 * Each route gets a valid body with one field, then random sets of fields, made null, "" or blank.
 */

type Body = Record<string, unknown>;
type BaseBodies = (n: number) => Body[];

const credential = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: {
    clientDataJSON: 'AAAA',
    attestationObject: 'AAAA',
    authenticatorData: 'AAAA',
    signature: 'AAAA',
    userHandle: 'AAAA',
    transports: ['usb'],
  },
  clientExtensionResults: {},
  authenticatorAttachment: 'platform',
};
const totp = {
  service: 'Service',
  account: 'acct',
  icon: 'missing.png',
  otp_type: 'totp',
  secret: F.SECRET,
  digits: 6,
  algorithm: 'sha1',
  period: 30,
};
const hotp = { ...totp, otp_type: 'hotp', period: undefined, counter: 3 };

/** Valid bodies per operation (`n` makes names unique); the paths' parameters name existing rows. */
const bases: Record<string, { path?: Record<string, string>; bodies: BaseBodies }> = {
  setBackupPassword: { bodies: () => [{ password: 'backup-pass-1', current_password: 'backup-pass-1' }] },
  createBackupDestination: {
    bodies: (n) => [
      {
        kind: 'webdav',
        label: `NAS ${n}`,
        enabled: true,
        keep: 3,
        url: 'http://127.0.0.1:9/dav/',
        username: 'u',
        password: 'p',
      },
    ],
  },
  updateBackupDestination: { path: { id: '2' }, bodies: (n) => [{ label: `Renamed ${n}`, keep: 4 }] },
  testBackupDestination: { path: { id: '1' }, bodies: () => [{ host_key: 'SHA256:AAAA' }] },
  drillDestinationBackup: {
    path: { id: '1', name: 'twofold-backup-2026-01-01T00-00-00Z.json' },
    bodies: () => [{ password: 'backup-pass-1' }],
  },
  startDeviceAuthorization: { bodies: (n) => [{ client_name: `Browser ${n}`, scope: 'codes' }] },
  pollDeviceAuthorization: { bodies: () => [{ device_code: 'not-a-device-code' }] },
  approveDeviceAuthorization: { path: { user_code: 'BCDF-GHJK' }, bodies: () => [{ name: 'Browser' }] },
  addAccountWebsite: { path: { id: '1' }, bodies: () => [{ domain: 'example.com' }] },
  updateBackupSettings: { bodies: () => [{ frequency: 'daily', keep: 5 }] },
  createGroup: { bodies: (n) => [{ name: `New ${n}`, show_in_chips: true }] },
  updateGroup: { path: { id: '1' }, bodies: (n) => [{ name: `Renamed ${n}`, show_in_chips: true }] },
  reorderGroups: { bodies: () => [{ orderedIds: [1] }] },
  assignAccounts: { path: { id: '1' }, bodies: () => [{ ids: [1, 2] }] },
  uploadIcon: { bodies: () => [{ icon: 'x' }] },
  fetchDefaultIcon: {
    bodies: () => [{ service: 'nosuchservice', iconCollection: 'selfh', variant: 'regular', iconPack: 'x' }],
  },
  decodeQrCode: { bodies: () => [{ qrcode: 'x', inputFormat: 'fileUpload' }] },
  createSetting: { bodies: (n) => [{ key: `custom${letters(n)}`, value: 'v' }] },
  updateSetting: { path: { key: 'showOtpAsDot' }, bodies: () => [{ value: true }] },
  updatePreference: { path: { name: 'showOtpAsDot' }, bodies: () => [{ value: true }] },
  createAccount: {
    bodies: () => [
      { ...totp, group_id: 1 },
      { ...hotp, group_id: 1 },
      { uri: F.TOTP_SHORT_URI, custom_otp: 'steamtotp', group_id: 1 },
    ],
  },
  exportAccountsEncrypted: { bodies: () => [{ ids: '1', format: 'aegis', password: 'vault-pass' }] },
  importGoogleMigration: { bodies: () => [{ uri: F.GOOGLE_AUTH_MIGRATION_URI }] },
  migrateAccounts: { bodies: () => [{ payload: F.TOTP_SHORT_URI, password: 'x', withSecret: true }] },
  previewOtp: { bodies: () => [totp, hotp, { uri: F.TOTP_SHORT_URI, custom_otp: 'steamtotp' }] },
  previewAccount: { bodies: () => [{ uri: F.TOTP_SHORT_URI, custom_otp: 'steamtotp' }] },
  reorderAccounts: { bodies: () => [{ orderedIds: [2, 1] }] },
  withdrawAccounts: { bodies: () => [{ ids: '1,2' }] },
  updateAccount: {
    path: { id: '1' },
    bodies: () => [
      { ...totp, group_id: 1 },
      { ...hotp, group_id: 0 },
    ],
  },
  createPersonalAccessToken: { bodies: (n) => [{ name: `token ${n}`, scopes: ['*'] }] },
  deleteUser: { bodies: () => [{ password: john.password }] },
  register: {
    bodies: () => [
      { name: 'Jane', email: 'jane@example.com', password: 'password1', password_confirmation: 'password1' },
    ],
  },
  updateUser: { bodies: () => [{ name: 'John', email: john.email, password: john.password }] },
  login: { bodies: () => [{ email: john.email, password: john.password }] },
  changePassword: {
    bodies: () => [
      { currentPassword: john.password, password: 'another pass', password_confirmation: 'another pass' },
    ],
  },
  sendPasswordResetLink: { bodies: () => [{ email: john.email }] },
  resetPassword: {
    bodies: () => [
      { token: 'x', email: john.email, password: 'password1', password_confirmation: 'password1' },
    ],
  },
  renameWebauthnCredential: { path: { id: 'AAAA' }, bodies: () => [{ name: 'key' }] },
  webauthnLogin: { bodies: () => [credential] },
  webauthnLoginOptions: { bodies: () => [{ email: john.email }] },
  webauthnLost: { bodies: () => [{ email: john.email }] },
  webauthnRecover: { bodies: () => [credential] },
  webauthnRecoverOptions: { bodies: () => [{ email: john.email, token: 'x' }] },
  webauthnRegister: { bodies: () => [credential] },
  // Twofold's own routes.
  setFavorite: { path: { id: '1' }, bodies: () => [{ favorite: true, favorite_order: 0 }] },
  findDuplicates: { bodies: () => [{ otp_type: 'totp', secret: totp.secret }] },
  createTag: { bodies: (n) => [{ name: `Tag ${n}` }] },
  renameTag: { path: { id: '1' }, bodies: (n) => [{ name: `Renamed tag ${n}` }] },
  tagAccounts: { path: { id: '1' }, bodies: () => [{ ids: [1, 2] }] },
  untagAccounts: { path: { id: '1' }, bodies: () => [{ ids: [1] }] },
  writeAccountRecovery: {
    path: { id: '1' },
    bodies: () => [{ note: 'A note', recovery_codes: [{ code: 'abcd-1234' }] }],
  },
  markRecoveryCode: { path: { id: '1', codeId: '1' }, bodies: () => [{ used: true }] },
  confirmIdentity: { bodies: () => [{ password: john.password }] },
  confirmIdentityWebauthn: { bodies: () => [credential] },
  reorderFavorites: { bodies: () => [{ orderedIds: [2, 1] }] },
  reportViewedCodes: { bodies: () => [{ ids: [1, 2] }] },
  setAlertKinds: {
    bodies: () => [
      {
        new_device: true,
        failed_sign_in: false,
        token_created: true,
        security_device_added: true,
        export: true,
        backup_failed: true,
      },
    ],
  },
  saveAlertChannel: {
    path: { type: 'ntfy' },
    bodies: () => [{ enabled: true, url: 'http://127.0.0.1:9/topic', token: 'topic-token' }],
  },
  subscribeAlertPush: {
    bodies: () => [
      {
        endpoint: 'http://127.0.0.1:9/push',
        keys: {
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
      },
    ],
  },
  unsubscribeAlertPush: { bodies: () => [{ endpoint: 'http://127.0.0.1:9/push' }] },
  registerDeviceCopy: { bodies: (n) => [{ name: `Phone ${n}` }] },
};

interface Operation {
  id: string;
  method: string;
  path: string;
  json: boolean;
}

/** A number as letters (setting keys are letters only). */
const letters = (n: number) => String(n).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

/** Accepted whole, these would sign the test's session out. */
const signsOut = new Set(['deleteUser', 'changePassword']);

const EMPTY = [null, '', '  '] as const;

/** The body with `field` (a key, or `key.inner` one level down) made empty. */
function emptied(body: Body, field: string, empty: unknown): Body {
  const [outer, inner] = field.split('.') as [string, string | undefined];
  if (inner === undefined) return { ...body, [outer]: empty };
  return { ...body, [outer]: { ...(body[outer] as Body), [inner]: empty } };
}

/** Every key of a body, and the keys of its object values (one level down). */
function fieldsOf(body: Body): string[] {
  return Object.entries(body).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? [key, ...Object.keys(value).map((inner) => `${key}.${inner}`)]
      : [key],
  );
}

describeEachDatabase('null and "" in request bodies', (t) => {
  let client: SessionClient;
  let operations: Operation[] = [];
  let counter = 0;

  beforeEach(async () => {
    client = await registerWithSession(t);
    for (const payload of [{ uri: F.TOTP_SHORT_URI }, { uri: F.HOTP_SHORT_URI }])
      await client.request('POST', '/api/v1/twofaccounts', payload);
    await client.request('POST', '/api/v1/groups', { name: 'G' });
    await client.request('POST', '/api/v1/tags', { name: 'T' });
    const document = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { operationId: string; requestBody?: { content: object } }>>;
    };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.requestBody)
        .map(([method, op]) => ({
          id: op.operationId,
          method: method.toUpperCase(),
          path,
          json: 'application/json' in op.requestBody!.content,
        })),
    );
  });

  async function send(op: Operation, body: Body, form = false) {
    let url = op.path;
    for (const [name, value] of Object.entries(bases[op.id]?.path ?? {}))
      url = url.replace(`{${name}}`, value);
    const payload = form
      ? new URLSearchParams(
          Object.entries(body).map(([k, v]) => [
            k,
            v === null || typeof v === 'object' ? '' : String(v as string | number | boolean),
          ]),
        ).toString()
      : JSON.stringify(body);
    const type = form ? 'application/x-www-form-urlencoded' : 'application/json';
    const response = await client.request(op.method, url, payload, { 'content-type': type });
    // A request that signed the session out (deleting the user, changing the password) starts again.
    if (response.statusCode === 401 || response.statusCode === 419) client = await reconnect();
    return { label: `${op.method} ${url} ${payload} -> ${response.statusCode} ${response.body}`, response };
  }

  async function reconnect(): Promise<SessionClient> {
    const fresh = await registerWithSession(t).catch(() => undefined);
    return fresh ?? loginWithSession(t);
  }

  it('has a valid body for every route that takes one', () => {
    expect(operations.length).toBeGreaterThanOrEqual(30);
    expect(operations.map((op) => op.id).filter((id) => !(id in bases))).toEqual([]);
  });

  it('answers a 2xx, or a 422 naming the field, for each field made null, "" or blank', async () => {
    for (const op of operations.filter((o) => o.json)) {
      // A new body for each request: names stay unique.
      const fresh = (which: number) => bases[op.id]!.bodies(counter++)[which]!;
      for (const [which, base] of bases[op.id]!.bodies(counter++).entries()) {
        // Where the whole body is accepted, an empty field is accepted too or refused by name.
        const accepted = !signsOut.has(op.id) && (await send(op, base)).response.statusCode < 300;
        for (const field of fieldsOf(base)) {
          for (const empty of EMPTY) {
            const { label, response } = await send(op, emptied(fresh(which), field, empty));
            expect(response.statusCode, label).toBeLessThan(500);
            // Blanks are a value where white space is kept (a password of two spaces is just wrong).
            if (accepted && empty !== '  ' && response.statusCode >= 300) {
              // The field, or (Laravel's dotted names) the nested one: `keys.auth`.
              const named = Object.keys(response.json<{ errors?: object }>().errors ?? {});
              expect
                .soft({ label, named: named.includes(field) || named.includes(field.split('.')[0]!) })
                .toEqual({ label, named: true });
            }
          }
          if (Object.values(base).every((v) => typeof v !== 'object' || v === null)) {
            const { label, response } = await send(op, emptied(fresh(which), field, ''), true);
            expect(response.statusCode, label).toBeLessThan(500);
          }
        }
      }
    }
  }, 180_000);

  it('never answers a 5xx to any set of fields made null, "" or blank', async () => {
    const json = operations.filter((o) => o.json);
    const input = fc.record({
      op: fc.nat(),
      base: fc.nat(),
      empties: fc.array(fc.tuple(fc.nat(), fc.constantFrom(...EMPTY)), { minLength: 1, maxLength: 6 }),
    });
    await fc.assert(
      fc.asyncProperty(input, async ({ op: index, base: which, empties }) => {
        const op = json[index % json.length]!;
        const bodies = bases[op.id]!.bodies(counter++);
        let body = bodies[which % bodies.length]!;
        const fields = fieldsOf(body);
        for (const [i, empty] of empties) body = emptied(body, fields[i % fields.length]!, empty);
        const { label, response } = await send(op, body);
        expect(response.statusCode, label).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  }, 180_000);
});
