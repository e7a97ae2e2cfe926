import { createDecipheriv, createHash, scryptSync } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import { fixtures as F } from '../accounts/fixtures.js';
import { bearerCaller, createUserWithToken, multipart } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';
import { TWOFAUTH_JSON } from './fixtures.js';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAA7EAAAOxAGVKw4bAAAAC0lEQVQImWP4DwQACfsD/eNV8pwAAAAASUVORK5CYII=';
const WEBP = 'UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAB0CWJaQAA3AA/u9gAAA=';
const BMP =
  'Qk2OAAAAAAAAAIoAAAB8AAAAAQAAAAEAAAABACAAAwAAACAAAAATCwAAEwsAAAAAAAAAAAAAAAD/AAD/AAD/AAAAAAAA/0JHUnMAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAMJXy/w==';
const GIF = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

const rowsOf = (withSecret: boolean) => [
  {
    id: 0,
    group_id: null,
    otp_type: 'totp',
    account: 'account',
    service: 'service',
    icon: null,
    ...(withSecret ? { secret: 'A4GRFHVVRBGY7UIW' } : {}),
    digits: 7,
    algorithm: 'sha256',
    period: 40,
    counter: null,
    group: null,
  },
  {
    id: 0,
    group_id: null,
    otp_type: 'hotp',
    account: 'account',
    service: 'service',
    icon: null,
    ...(withSecret ? { secret: 'A4GRFHVVRBGY7UIW' } : {}),
    digits: 7,
    algorithm: 'sha256',
    period: null,
    counter: 5,
    group: null,
  },
  {
    id: 0,
    group_id: null,
    otp_type: 'steamtotp',
    account: 'account',
    service: 'Steam',
    icon: null,
    ...(withSecret ? { secret: F.STEAM_SECRET } : {}),
    digits: 5,
    algorithm: 'sha1',
    period: 30,
    counter: null,
    group: null,
  },
];

describeEachDatabase('import, migration and export', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
    await call('PUT', '/api/v1/settings/getOfficialIcons', { value: false });
  });

  it('converts 2FAuth JSON (Steam forced) and stores nothing', async () => {
    const response = await call('POST', '/api/v1/twofaccounts/migration?withSecret=1', {
      payload: JSON.stringify(TWOFAUTH_JSON),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(rowsOf(true));
    expect(
      (
        await call('POST', '/api/v1/twofaccounts/migration', { payload: JSON.stringify(TWOFAUTH_JSON) })
      ).json(),
    ).toEqual(rowsOf(false));
    expect((await call('GET', '/api/v1/twofaccounts/count')).json()).toMatchObject({ count: 0 });
  });

  it('stores embedded png, webp, bmp and sanitised svg icons; drops gif and mismatched types', async () => {
    const payload: { data: Record<string, unknown>[] } = structuredClone(TWOFAUTH_JSON);
    const icons: [string, string][] = [
      ['image/png', PNG],
      ['image/webp', WEBP],
      ['image/x-ms-bmp', BMP],
      [
        'image/svg+xml',
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert("XSS");</script><circle r="1"/></svg>',
        ).toString('base64'),
      ],
      ['image/gif', GIF],
      ['image/png', WEBP],
    ];
    payload.data = icons.map(([mime, file], i) => ({
      ...TWOFAUTH_JSON.data[0]!,
      account: `a${i}`,
      icon: 'test',
      icon_mime: mime,
      icon_file: file,
    }));
    const rows = (
      await call('POST', '/api/v1/twofaccounts/migration', { payload: JSON.stringify(payload) })
    ).json<{ icon: string | null }[]>();
    expect(rows.map((row) => row.icon?.replace(/^[A-Za-z0-9]{40}/, '*') ?? null)).toEqual([
      '*.png',
      '*.webp',
      '*.bmp',
      '*.svg',
      null,
      null,
    ]);
    const svg = await t.app.inject({ method: 'GET', url: `/storage/icons/${rows[3]!.icon}` });
    expect(svg.body).not.toContain('script');
  });

  it('marks invalid entries -2 with the reason, duplicates -1', async () => {
    await call('POST', '/api/v1/twofaccounts', { uri: F.TOTP_FULL_CUSTOM_URI_NO_IMG });
    const payload = structuredClone(TWOFAUTH_JSON);
    (payload.data[1] as Record<string, unknown>).otp_type = 'Xotp';
    const rows = (
      await call('POST', '/api/v1/twofaccounts/migration', {
        payload: JSON.stringify(payload),
        withSecret: false,
      })
    ).json();
    expect(rows).toEqual([
      { ...rowsOf(false)[0], id: -1 },
      {
        id: -2,
        group_id: null,
        otp_type: 'totp',
        account: 'account',
        service: 'service',
        icon: null,
        secret: 'Unsupported OTP type',
        digits: 6,
        algorithm: 'sha1',
        period: 30,
        counter: null,
        group: null,
      },
      rowsOf(false)[2],
    ]);
    const list = `${F.TOTP_FULL_CUSTOM_URI_NO_IMG}\notpauth://totp/account?secret=1.0\notpauth://hotp/x?secret=A4GRFHVVRBGY7UIW&counter=-4`;
    const listRows = (await call('POST', '/api/v1/twofaccounts/migration', { payload: list })).json<
      { id: number; secret?: string; account: string; service: string }[]
    >();
    expect(listRows.map((row) => [row.id, row.secret, row.account, row.service])).toEqual([
      [-1, undefined, 'account', 'service'],
      // An invalid line keeps the service and account its label gives.
      [-2, 'The secret field must be a base32 encoded string.', 'account', '- invalid service -'],
      [-2, 'The counter field must be at least 0.', 'x', '- invalid service -'],
    ]);
    // The product's no-colon rule applies on save only: such rows preview normally (id 0), and
    // POST /twofaccounts then refuses them naming the field.
    const colons = structuredClone(TWOFAUTH_JSON);
    (colons.data[0] as Record<string, unknown>).service = 'My:Bank';
    const colonRows = (
      await call('POST', '/api/v1/twofaccounts/migration', { payload: JSON.stringify(colons) })
    ).json<{ id: number; secret?: string; account: string; service: string }[]>();
    expect(colonRows[0]).toEqual({ ...rowsOf(false)[0], service: 'My:Bank' });
    const colonList = (
      await call('POST', '/api/v1/twofaccounts/migration', {
        payload: 'otpauth://totp/Bank:me:work?secret=A4GRFHVVRBGY7UIW',
      })
    ).json<{ id: number; secret?: string; account: string; service: string }[]>();
    expect(colonList.map((row) => [row.id, row.account, row.service])).toEqual([[0, 'me:work', 'Bank']]);
  });

  it('accepts a multipart file (file wins over payload), and validates the input', async () => {
    const file = Buffer.from(`${F.TOTP_FULL_CUSTOM_URI}\n${F.HOTP_FULL_CUSTOM_URI}\n${F.STEAM_TOTP_URI}\n`);
    const form = multipart([
      { name: 'payload', value: 'garbage' },
      { name: 'withSecret', value: '1' },
      { name: 'file', value: file, filename: 'export.txt', contentType: 'text/plain' },
    ]);
    const response = await call('POST', '/api/v1/twofaccounts/migration', form.payload, form.headers);
    expect(response.json()).toEqual(rowsOf(true));
    const err = (errors: Record<string, string[]>, message: string) => ({ message, errors });
    expect((await call('POST', '/api/v1/twofaccounts/migration', { payload: 12 })).json()).toEqual(
      err({ payload: ['The payload field must be a string.'] }, 'The payload field must be a string.'),
    );
    const big = multipart([
      { name: 'file', value: Buffer.alloc(10 * 1024 * 1024 + 1, 'a'), filename: 'x.txt' },
    ]);
    expect((await call('POST', '/api/v1/twofaccounts/migration', big.payload, big.headers)).json()).toEqual(
      err(
        { file: ['The file field must not be greater than 10240 kilobytes.'] },
        'The file field must not be greater than 10240 kilobytes.',
      ),
    );
  });

  it('answers the whole-payload errors', async () => {
    const noFormat = { message: 'Data do not match any supported format' };
    for (const payload of [
      'XJGTDRUUKZH3X7TQN2QZUGCGXZCC5LXE',
      `${F.TOTP_SHORT_URI}\nThis is an intruder line`,
      '{"app":"2fauth_v1","data":[ , ]}',
      F.INVALID_GOOGLE_AUTH_MIGRATION_URI,
    ]) {
      const response = await call('POST', '/api/v1/twofaccounts/migration', { payload });
      expect({ payload, status: response.statusCode, body: response.json() }).toEqual({
        payload,
        status: 400,
        body: noFormat,
      });
    }
    expect(
      (
        await call('POST', '/api/v1/twofaccounts/migration', { payload: '{"app":"2fauth_x","schema":1}' })
      ).json(),
    ).toEqual({
      message: 'Invalid or unreadable 2FAuth data',
    });
    // An empty Aegis vault is a recognised format with no rows.
    const aegis = '{"db":{"version":3,"entries":[]},"version":1,"header":{"slots":null,"params":null}}';
    const empty = await call('POST', '/api/v1/twofaccounts/migration', { payload: aegis });
    expect([empty.statusCode, empty.json()]).toEqual([200, []]);
  });

  it('imports Google migration URIs (several lines, incomplete batch notice) and validates /import', async () => {
    const payload = Buffer.from(
      '0a3a0a1431323334353637383930313233343536373839301211616c696365406578616d706c652e636f6d1a074578616d706c65200228023001382a10011802200128959aef3a',
      'hex',
    ).toString('base64');
    const second = `otpauth-migration://offline?data=${encodeURIComponent(payload)}`;
    const response = await call('POST', '/api/v1/twofaccounts/import', {
      uri: `${F.GOOGLE_AUTH_MIGRATION_URI}\n\n${second}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-import-notice']).toBe('QR code 1 of 2 not scanned');
    expect(
      response.json<{ account: string; secret: string }[]>().map((row) => [row.account, row.secret]),
    ).toEqual([
      ['account', 'A4GRFHVVRBGY7UIW'],
      ['account_bis', 'A4GRFHVVRBGY7UIW'],
      ['alice@example.com', 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'],
    ]);
    const err = (message: string) => ({ message, errors: { uri: [message] } });
    expect((await call('POST', '/api/v1/twofaccounts/import', {})).json()).toEqual(
      err('The uri field is required.'),
    );
    expect((await call('POST', '/api/v1/twofaccounts/import', { uri: [] })).json()).toEqual(
      err('The uri field must be a string.'),
    );
    expect((await call('POST', '/api/v1/twofaccounts/import', { uri: F.TOTP_SHORT_URI })).json()).toEqual(
      err('The uri field format is invalid.'),
    );
    expect(
      (
        await call('POST', '/api/v1/twofaccounts/import', {
          uri: F.GOOGLE_AUTH_MIGRATION_URI_WITH_INVALID_DATA,
        })
      ).json(),
    ).toEqual({
      message: 'Invalid or unreadable Google Authenticator data',
    });
  });

  it('exports 2FAuth JSON with icons inlined, the otpauth list and a text file; re-import gives the same rows', async () => {
    const icon = (
      await call('POST', '/api/v1/twofaccounts/migration', {
        payload: JSON.stringify({
          ...TWOFAUTH_JSON,
          data: [{ ...TWOFAUTH_JSON.data[0], icon_mime: 'image/png', icon_file: PNG }],
        }),
      })
    ).json<{ icon: string }[]>()[0]!.icon;
    await call('POST', '/api/v1/twofaccounts', { uri: F.TOTP_FULL_CUSTOM_URI_NO_IMG });
    await call('POST', '/api/v1/twofaccounts', { ...F.FULL_CUSTOM_HOTP_PARAMS, icon });
    await call('POST', '/api/v1/twofaccounts', {
      service: 'Steam',
      account: 'account',
      otp_type: 'totp',
      secret: F.STEAM_SECRET,
    });
    const json = await call('GET', '/api/v1/twofaccounts/export?ids=1,2,3');
    expect(json.json()).toEqual({
      app: '2fauth_compat_v1.0.0-test',
      schema: 1,
      datetime: '2023-11-14T22:13:20.000000Z',
      data: [
        {
          otp_type: 'totp',
          account: 'account',
          service: 'service',
          icon: null,
          icon_mime: null,
          icon_file: null,
          secret: 'A4GRFHVVRBGY7UIW',
          digits: 7,
          algorithm: 'sha256',
          period: 40,
          counter: null,
          legacy_uri: F.TOTP_FULL_CUSTOM_URI_NO_IMG,
        },
        {
          otp_type: 'hotp',
          account: 'account',
          service: 'service',
          icon,
          icon_mime: 'image/png',
          icon_file: PNG,
          secret: 'A4GRFHVVRBGY7UIW',
          digits: 7,
          algorithm: 'sha256',
          period: null,
          counter: 5,
          legacy_uri:
            'otpauth://hotp/service%3Aaccount?algorithm=sha256&counter=5&digits=7&issuer=service&secret=A4GRFHVVRBGY7UIW',
        },
        {
          otp_type: 'steamtotp',
          account: 'account',
          service: 'Steam',
          icon: null,
          icon_mime: null,
          icon_file: null,
          secret: F.STEAM_SECRET,
          digits: 5,
          algorithm: 'sha1',
          period: 30,
          counter: null,
          legacy_uri:
            'otpauth://totp/Steam%3Aaccount?digits=5&issuer=Steam&secret=XJGTDRUUKZH3X7TQN2QZUGCGXZCC5LXE',
        },
      ],
    });
    const reimported = (
      await call('POST', '/api/v1/twofaccounts/migration?withSecret=1', { payload: json.body })
    ).json<{ id: number; icon: string | null }[]>();
    expect(reimported.map((row) => row.id)).toEqual([-1, -1, -1]);
    expect(reimported[1]!.icon).toMatch(/\.png$/);
    const otpauth = await call('GET', '/api/v1/twofaccounts/export?otpauth=1');
    expect(otpauth.json()).toEqual({
      app: '2fauth_compat_v1.0.0-test',
      datetime: '2023-11-14T22:13:20.000000Z',
      data: [
        {
          uri: 'otpauth://totp/service%3Aaccount?algorithm=sha256&digits=7&issuer=service&period=40&secret=A4GRFHVVRBGY7UIW',
        },
        {
          uri: 'otpauth://hotp/service%3Aaccount?algorithm=sha256&counter=5&digits=7&issuer=service&secret=A4GRFHVVRBGY7UIW',
        },
        {
          uri: 'otpauth://totp/Steam%3Aaccount?digits=5&issuer=Steam&secret=XJGTDRUUKZH3X7TQN2QZUGCGXZCC5LXE',
        },
      ],
    });
    const txt = await call('GET', '/api/v1/twofaccounts/export?ids=3&format=txt');
    expect(txt.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(txt.headers['content-disposition']).toBe('attachment; filename="twofold-export-2023-11-14.txt"');
    // Twofold's own otpauth list writes Steam as otpauth://steam/, which Aegis and Twofold read as
    // Steam; the 2FAuth ?otpauth=1 export above keeps 2FAuth's totp form.
    expect(txt.body).toBe(
      'otpauth://steam/Steam%3Aaccount?issuer=Steam&secret=XJGTDRUUKZH3X7TQN2QZUGCGXZCC5LXE\n',
    );
    const steamBack = await call('POST', '/api/v1/twofaccounts/migration?withSecret=1', {
      payload: txt.body,
    });
    expect(steamBack.json<Record<string, unknown>[]>()).toMatchObject([
      { id: -1, otp_type: 'steamtotp', service: 'Steam', account: 'account', digits: 5 },
    ]);
    const err = (field: string, message: string) => ({ message, errors: { [field]: [message] } });
    expect((await call('GET', '/api/v1/twofaccounts/export?otpauth=maybe')).json()).toEqual(
      err('otpauth', 'The otpauth field must be true or false.'),
    );
    expect((await call('GET', '/api/v1/twofaccounts/export?format=pdf')).json()).toEqual(
      err('format', 'The selected format is invalid.'),
    );
    const ids101 = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect((await call('GET', `/api/v1/twofaccounts/export?ids=${ids101}`)).json()).toEqual({
      message: 'bad request',
      reason: ['Too many ids in the query parameter, max 100 allowed'],
    });
  });

  it('exports an Aegis vault (db version 3, groups, icons), plain or encrypted, and Google migration URIs', async () => {
    const form = multipart([{ name: 'icon', value: Buffer.from(PNG, 'base64'), filename: 'i.png' }]);
    const icon = (await call('POST', '/api/v1/icons', form.payload, form.headers)).json<{
      filename: string;
    }>().filename;
    await call('POST', '/api/v1/twofaccounts', { uri: F.TOTP_FULL_CUSTOM_URI_NO_IMG });
    await call('POST', '/api/v1/twofaccounts', { ...F.FULL_CUSTOM_HOTP_PARAMS, icon });
    await call('POST', '/api/v1/twofaccounts', { uri: F.STEAM_TOTP_URI });
    await call('POST', '/api/v1/twofaccounts', { account: 'plain', otp_type: 'totp', secret: F.SECRET });
    await call('POST', '/api/v1/groups', { name: 'Work' });
    await call('POST', '/api/v1/groups/1/assign', { ids: [1, 2] });

    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const plain = (await call('GET', '/api/v1/twofaccounts/export?format=aegis')).json<{
      db: { entries: { uuid: string; groups: string[] }[]; groups: { uuid: string; name: string }[] };
    }>();
    const groupUuid = plain.db.groups[0]!.uuid;
    expect(groupUuid).toMatch(UUID);
    for (const entry of plain.db.entries) expect(entry.uuid).toMatch(UUID);
    const entry = (fields: Record<string, unknown>) => ({
      uuid: expect.stringMatching(UUID) as unknown,
      note: '',
      favorite: false,
      icon: null,
      icon_mime: null,
      icon_hash: null,
      groups: [],
      ...fields,
    });
    expect(plain).toEqual({
      version: 1,
      header: { slots: null, params: null },
      db: {
        version: 3,
        entries: [
          entry({
            type: 'totp',
            name: 'account',
            issuer: 'service',
            info: { secret: F.SECRET, algo: 'SHA256', digits: 7, period: 40 },
            groups: [groupUuid],
          }),
          entry({
            type: 'hotp',
            name: 'account',
            issuer: 'service',
            icon: PNG,
            icon_mime: 'image/png',
            icon_hash: createHash('sha256').update(Buffer.from(PNG, 'base64')).digest('hex'),
            info: { secret: F.SECRET, algo: 'SHA256', digits: 7, counter: 5 },
            groups: [groupUuid],
          }),
          entry({
            type: 'steam',
            name: 'account',
            issuer: 'Steam',
            info: { secret: F.STEAM_SECRET, algo: 'SHA1', digits: 5, period: 30 },
          }),
          entry({
            type: 'totp',
            name: 'plain',
            issuer: '',
            info: { secret: F.SECRET, algo: 'SHA1', digits: 6, period: 30 },
          }),
        ],
        groups: [{ uuid: groupUuid, name: 'Work' }],
      },
    });

    // Encrypted: a password slot (scrypt) wraps the master key that encrypts the db (AES-256-GCM).
    const encrypted = await call('POST', '/api/v1/twofaccounts/export', {
      ids: '2,3',
      format: 'aegis',
      password: ' secret words ',
    });
    const vault = encrypted.json<{
      header: {
        slots: { type: number; key: string; key_params: { nonce: string; tag: string }; salt: string }[];
        params: { nonce: string; tag: string };
      };
      db: string;
    }>();
    expect(vault.header.slots).toEqual([
      {
        type: 1,
        uuid: expect.stringMatching(UUID) as unknown,
        key: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
        key_params: {
          nonce: expect.stringMatching(/^[0-9a-f]{24}$/) as unknown,
          tag: expect.stringMatching(/^[0-9a-f]{32}$/) as unknown,
        },
        n: 32768,
        r: 8,
        p: 1,
        salt: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
        repaired: true,
      },
    ]);
    const open = (key: Buffer, data: Buffer, params: { nonce: string; tag: string }) => {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(params.nonce, 'hex'));
      decipher.setAuthTag(Buffer.from(params.tag, 'hex'));
      return Buffer.concat([decipher.update(data), decipher.final()]);
    };
    const slot = vault.header.slots[0]!;
    // The password is used as typed (never trimmed).
    const slotKey = scryptSync(' secret words ', Buffer.from(slot.salt, 'hex'), 32, {
      N: 32768,
      r: 8,
      p: 1,
      maxmem: 64 * 1024 * 1024,
    });
    const masterKey = open(slotKey, Buffer.from(slot.key, 'hex'), slot.key_params);
    const db = JSON.parse(
      open(masterKey, Buffer.from(vault.db, 'base64'), vault.header.params).toString('utf8'),
    ) as { entries: { type: string; name: string }[] };
    expect(db.entries.map((e) => [e.type, e.name])).toEqual([
      ['hotp', 'account'],
      ['steam', 'account'],
    ]);
    const wrongKey = scryptSync('secret words', Buffer.from(slot.salt, 'hex'), 32, {
      N: 32768,
      r: 8,
      p: 1,
      maxmem: 64 * 1024 * 1024,
    });
    expect(() => open(wrongKey, Buffer.from(slot.key, 'hex'), slot.key_params)).toThrow();
    const err = (errors: Record<string, string[]>) => ({
      message: Object.values(errors)[0]![0],
      errors,
    });
    expect((await call('POST', '/api/v1/twofaccounts/export', { ids: '1' })).json()).toEqual(
      err({ password: ['The password field is required.'] }),
    );
    expect(
      (await call('POST', '/api/v1/twofaccounts/export', { format: 'txt', password: 'x' })).json(),
    ).toEqual(err({ format: ['The selected format is invalid.'] }));
    const ids101 = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect(
      (await call('POST', '/api/v1/twofaccounts/export', { ids: ids101, password: 'x' })).json(),
    ).toEqual({ message: 'bad request', reason: ['Too many ids in the query parameter, max 100 allowed'] });
    expect((await call('GET', `/api/v1/twofaccounts/export?format=aegis&password=x`)).statusCode).toBe(200);

    // Google Authenticator: Steam and 7-digit/40-second accounts cannot be represented.
    const google = (await call('GET', '/api/v1/twofaccounts/export?format=gmigration')).json<{
      uris: string[];
      skipped: { id: number; reason: string }[];
    }>();
    expect(google.uris).toHaveLength(1);
    expect(google.uris[0]).toMatch(/^otpauth-migration:\/\/offline\?data=/);
    expect(google.skipped).toEqual([
      { id: 1, reason: 'digits' },
      { id: 2, reason: 'digits' },
      { id: 3, reason: 'steam' },
    ]);
    const back = await call('POST', '/api/v1/twofaccounts/migration?withSecret=1', {
      payload: google.uris.join('\n'),
    });
    expect(back.json()).toEqual([
      {
        id: -1,
        group_id: null,
        otp_type: 'totp',
        account: 'plain',
        service: null,
        icon: null,
        secret: F.SECRET,
        digits: 6,
        algorithm: 'sha1',
        period: 30,
        counter: null,
        group: null,
      },
    ]);
  });
});
