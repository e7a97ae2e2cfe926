import { describe, expect, it } from 'vitest';
import * as F from './fixtures.js';
import { CUSTOM_HOTP, CUSTOM_TOTP, fields, importFail, importOk, SEVEN, STEAM_ROW } from './helpers.js';

const NO_FORMAT = { kind: 'no_format', message: 'Data do not match any supported format' };
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAA7EAAAOxAGVKw4bAAAAC0lEQVQImWP4DwQACfsD/eNV8pwAAAAASUVORK5CYII=';

describe('cross-app fixtures give the seven canonical rows', () => {
  it.each([
    ['Aegis plain.txt', F.AEGIS_PLAIN_TXT, 'plain'],
    ['aegis_plain.json', F.AEGIS_PLAIN, 'aegis'],
    ['andotp_plain.json', F.ANDOTP_PLAIN, 'andotp'],
  ])('%s', async (_name, input, format) => {
    const result = await importOk(input);
    expect(result.format).toBe(format);
    expect(result.rows.map(fields)).toEqual(SEVEN);
    expect(result.rows.every((row) => row.error === undefined && row.group === null)).toBe(true);
  });

  it('ente_auth.txt, in file order (sorted by issuer), codeDisplay ignored', async () => {
    const result = await importOk(F.ENTE_TXT);
    const order = [4, 2, 6, 0, 3, 1, 5];
    expect(result.rows.map(fields)).toEqual(order.map((i) => SEVEN[i]));
    expect(result.skipped).toBe(0);
  });

  it('2fas_authenticator_plain_v4.2fas gives rows 1, 4, 5, 6 and 7', async () => {
    const result = await importOk(F.TWOFAS_V4);
    expect(result.format).toBe('2fas');
    expect(result.rows.map(fields)).toEqual([0, 3, 4, 5, 6].map((i) => SEVEN[i]));
  });
});

describe('2FAuth JSON', () => {
  it('gives custom TOTP, custom HOTP and Steam (Steam rule overrides sha256/40)', async () => {
    const result = await importOk(F.TWOFAUTH_JSON);
    expect(result.app).toBe('2FAuth');
    expect(result.rows.map(fields)).toEqual([CUSTOM_TOTP, CUSTOM_HOTP, STEAM_ROW]);
  });
  it('an Xotp item is an invalid row, the others import', async () => {
    const result = await importOk(F.TWOFAUTH_JSON.replace('"otp_type":"hotp"', '"otp_type":"Xotp"'));
    expect(result.rows[1]).toMatchObject({
      service: 'service',
      account: 'account',
      secret: '',
      error: { message: 'Unsupported OTP type' },
    });
    expect(result.rows[0]?.error).toBeUndefined();
    expect(result.rows[2]?.error).toBeUndefined();
  });
  it('keeps a PNG icon as bytes + MIME, drops a GIF one', async () => {
    const withIcon = (mime: string) =>
      F.TWOFAUTH_JSON.replace(
        '"icon":null,"icon_mime":null,"icon_file":null',
        `"icon":"test.png","icon_mime":"${mime}","icon_file":"${PNG}"`,
      );
    const png = await importOk(withIcon('image/png'));
    expect(png.rows[0]?.icon?.mime).toBe('image/png');
    expect(Array.from(png.rows[0]?.icon?.bytes.subarray(0, 4) ?? [])).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const gif = await importOk(withIcon('image/gif'));
    expect(gif.rows[0]?.icon).toBeNull();
    expect(gif.rows[0]?.error).toBeUndefined();
  });
  it.each([
    ['image/webp', 'UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAB0CWJaQAA3AA/u9gAAA='],
    [
      'image/bmp',
      'Qk2OAAAAAAAAAIoAAAB8AAAAAQAAAAEAAAABACAAAwAAACAAAAATCwAAEwsAAAAAAAAAAAAAAAD/AAD/AAD/AAAAAAAA/0JHUnMAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAMJXy/w==',
    ],
    [
      'image/x-ms-bmp',
      'Qk2OAAAAAAAAAIoAAAB8AAAAAQAAAAEAAAABACAAAwAAACAAAAATCwAAEwsAAAAAAAAAAAAAAAD/AAD/AAD/AAAAAAAA/0JHUnMAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAMJXy/w==',
    ],
    [
      'image/svg+xml',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert("XSS");</script></svg>').toString(
        'base64',
      ),
    ],
  ])('returns a %s icon as bytes for the caller to check and store', async (mime, data) => {
    const input = F.TWOFAUTH_JSON.replace(
      '"icon":null,"icon_mime":null,"icon_file":null',
      `"icon":"test","icon_mime":"${mime}","icon_file":"${data}"`,
    );
    const row = (await importOk(input)).rows[0];
    expect(row?.icon?.mime).toBe(mime);
    expect(Buffer.from(row?.icon?.bytes ?? []).toString('base64')).toBe(data);
  });
  it('an unreadable icon is dropped and the row kept', async () => {
    const input = F.TWOFAUTH_JSON.replace(
      '"icon":null,"icon_mime":null,"icon_file":null',
      '"icon":"x","icon_mime":"image/png","icon_file":"not base64!"',
    );
    const row = (await importOk(input)).rows[0];
    expect(row?.icon).toBeNull();
    expect(row?.error).toBeUndefined();
  });
  it('the otpauth variant (data items with only uri) reads like a list', async () => {
    const result = await importOk(
      JSON.stringify({
        app: '2fauth_v5',
        data: [
          {
            uri: 'otpauth://totp/service:account?secret=A4GRFHVVRBGY7UIW&issuer=service&digits=7&period=40&algorithm=sha256',
          },
        ],
      }),
    );
    expect(result.rows.map(fields)).toEqual([CUSTOM_TOTP]);
  });
  it('malformed JSON is not recognised', async () => {
    expect(await importFail('{"app":"2fauth_v3","schema":1,"data":[ , ]}')).toEqual(NO_FORMAT);
  });
});

describe('Aegis plain', () => {
  it('db v2 fixture: lower-case algo, steamtotp, "icon":"null"', async () => {
    const result = await importOk(F.AEGIS_V2);
    expect(result.rows.map(fields)).toEqual([CUSTOM_TOTP, CUSTOM_HOTP, STEAM_ROW]);
  });
  it('an added xotp entry is an invalid row, the others import', async () => {
    const json = JSON.parse(F.AEGIS_V2) as { db: { entries: object[] } };
    json.db.entries.push({
      type: 'xotp',
      name: '',
      issuer: '',
      info: { secret: '', algo: '', digits: 0, counter: 0 },
    });
    const result = await importOk(JSON.stringify(json));
    expect(result.rows).toHaveLength(4);
    expect(result.rows[3]).toMatchObject({
      error: { message: 'Unsupported OTP type' },
      service: null,
      account: null,
    });
  });
  it('db without entries is unreadable', async () => {
    expect(await importFail(F.AEGIS_V2.replace('"entries"', '"thisIsNotTheCorrectKeyName"'))).toEqual({
      kind: 'unreadable',
      app: 'Aegis',
      message: 'Invalid or unreadable Aegis data',
    });
  });
  it('db v3 groups by uuid and an embedded PNG icon', async () => {
    const vault = {
      version: 1,
      header: { slots: null, params: null },
      db: {
        version: 3,
        entries: [
          {
            type: 'totp',
            uuid: 'e1',
            name: 'Mason',
            issuer: 'Deno',
            icon: PNG,
            icon_mime: 'image/png',
            info: { secret: '4SJHB4GSD43FZBAI7C2HLRJGPQ', algo: 'SHA1', digits: 6, period: 30 },
            groups: ['g1'],
          },
          {
            type: 'totp',
            uuid: 'e2',
            name: 'James',
            issuer: 'SPDX',
            icon: PNG,
            icon_mime: 'image/gif',
            info: { secret: '5OM4WOOGPLQEF6UGN3CPEOOLWU', algo: 'SHA256', digits: 7, period: 20 },
            groups: [],
          },
          {
            type: 'motp',
            uuid: 'e3',
            name: 'M',
            issuer: 'X',
            info: { secret: 'JBSWY3DPEHPK3PXP', algo: 'MD5', digits: 6, period: 10, pin: '1234' },
          },
        ],
        groups: [{ uuid: 'g1', name: 'Work' }],
      },
    };
    const result = await importOk(JSON.stringify(vault));
    expect(result.rows.map((row) => row.group)).toEqual(['Work', null, null]);
    expect(result.rows[0]?.icon?.mime).toBe('image/png');
    expect(result.rows[1]?.icon).toBeNull();
    expect(result.rows[2]).toMatchObject({
      service: 'X',
      account: 'M',
      error: { message: 'Unsupported OTP type' },
    });
  });
  it('db v2 group names', async () => {
    const json = JSON.parse(F.AEGIS_V2);
    json.db.entries[0].group = 'Personal';
    const result = await importOk(JSON.stringify(json));
    expect(result.rows.map((row) => row.group)).toEqual(['Personal', null, null]);
  });
});

describe('2FAS plain', () => {
  it('2FAuth fixture: schema 2 with a group; counter/period of the other type ignored', async () => {
    const result = await importOk(F.TWOFAS_V2);
    expect(result.rows.map(fields)).toEqual([CUSTOM_TOTP, CUSTOM_HOTP]);
    expect(result.rows.map((row) => row.group)).toEqual([null, null]);
  });
  it('groupId maps to the group name', async () => {
    const json = JSON.parse(F.TWOFAS_V2);
    json.services[0].groupId = 'C2F69014-C4C7-4EEC-9225-D24E750F77FD';
    const result = await importOk(JSON.stringify(json));
    expect(result.rows.map((row) => row.group)).toEqual(['Test', null]);
  });
  it('XOTP is an invalid row; renamed services are not recognised', async () => {
    const result = await importOk(F.TWOFAS_V2.replace('"tokenType":"HOTP"', '"tokenType":"XOTP"'));
    expect(result.rows[1]?.error?.message).toBe('Unsupported OTP type');
    expect(result.rows[0]?.error).toBeUndefined();
    expect(await importFail(F.TWOFAS_V2.replace('"services"', '"service__BAD__NAME___s"'))).toEqual(
      NO_FORMAT,
    );
  });
  it('schema 1 (no tokenType) is TOTP', async () => {
    const result = await importOk(
      JSON.stringify({
        schemaVersion: 1,
        services: [{ name: 'Deno', secret: '4SJHB4GSD43FZBAI7C2HLRJGPQ', otp: { account: 'Mason' } }],
      }),
    );
    expect(result.rows.map(fields)).toEqual([SEVEN[0]]);
  });
});

describe('andOTP plain', () => {
  it('tags[0] is the group; an old-format label "Deno - Deno:Mason" gives Mason', async () => {
    const items = JSON.parse(F.ANDOTP_PLAIN);
    items[0].tags = ['Work', 'Other'];
    items[0].label = 'Deno - Deno:Mason';
    items[1].type = 'MOTP';
    const result = await importOk(JSON.stringify(items));
    expect(result.rows[0]).toMatchObject({ ...SEVEN[0], group: 'Work' });
    expect(result.rows[1]?.error?.message).toBe('Unsupported OTP type');
  });
});

describe('Bitwarden', () => {
  const BW_ROWS = [
    { ...SEVEN[0], service: 'Test 1' },
    { ...SEVEN[1], service: 'Test 2' },
    { ...SEVEN[2], service: 'Test 3' },
    { ...SEVEN[6], account: 'Test Steam' },
  ];
  it('bitwarden.json', async () => {
    const result = await importOk(F.BITWARDEN_JSON);
    expect(result.rows.map(fields)).toEqual(BW_ROWS);
    expect(result.skipped).toBe(0);
  });
  it('bitwarden.csv (the Steam row is named Test 4)', async () => {
    const result = await importOk(F.BITWARDEN_CSV);
    expect(result.format).toBe('bitwarden-csv');
    expect(result.rows.map(fields)).toEqual([...BW_ROWS.slice(0, 3), { ...SEVEN[6], account: 'Test 4' }]);
  });
  it('CSV: folders, quoted fields with commas and line breaks, non-login rows skipped', async () => {
    const csv = [
      'folder,favorite,type,name,notes,fields,login_uri,login_username,login_password,login_totp',
      'Work,,login,"Deno, Inc","multi',
      'line note",,,mason@x,,JBSWY3DPEHPK3PXP',
      ',,note,Secret note,,,,,,',
      ',,login,No TOTP,,,,bob,,',
      ',,login,Bad,,,,bob,,not-base32!',
    ].join('\n');
    const result = await importOk(csv);
    expect(result.skipped).toBe(2);
    expect(result.rows[0]).toMatchObject({
      service: 'Deno, Inc',
      account: 'mason@x',
      secret: 'JBSWY3DPEHPK3PXP',
      group: 'Work',
      otp_type: 'totp',
    });
    expect(result.rows[1]).toMatchObject({
      service: 'Bad',
      account: 'bob',
      error: { message: 'The secret field must be a base32 encoded string.' },
    });
  });
  it('Bitwarden Authenticator sample', async () => {
    const result = await importOk(F.BITWARDEN_AUTHENTICATOR);
    expect(result.rows.map(fields)).toEqual([
      {
        service: 'Google',
        account: 'john.doe@gmail.com',
        otp_type: 'totp',
        secret: 'A5GRFTVVRBGY7UIW',
        digits: 7,
        algorithm: 'sha256',
        period: 60,
        counter: null,
      },
      {
        service: 'Steam',
        account: 'john.doe@gmail.com',
        otp_type: 'steamtotp',
        secret: 'A5GRFTVVRBGY7UIW',
        digits: 5,
        algorithm: 'sha1',
        period: 30,
        counter: null,
      },
    ]);
  });
  it('2FAuth shapes: authenticator (TOTP, HOTP, Steam) and password manager with folders', async () => {
    const totp =
      'otpauth://totp/service:account?secret=A4GRFHVVRBGY7UIW&issuer=service&digits=7&period=40&algorithm=sha256';
    const hotp =
      'otpauth://hotp/service:account?secret=A4GRFHVVRBGY7UIW&issuer=service&digits=7&counter=5&algorithm=sha256';
    const item = (t: string, name = 'service') => ({
      favorite: false,
      id: 'x',
      login: { totp: t, username: 'account' },
      name,
      type: 1,
    });
    const auth = await importOk(
      JSON.stringify({
        encrypted: false,
        items: [item(totp), item(hotp), item('steam://XJGTDRUUKZH3X7TQN2QZUGCGXZCC5LXE', 'Steam')],
      }),
    );
    expect(auth.rows.map(fields)).toEqual([CUSTOM_TOTP, CUSTOM_HOTP, STEAM_ROW]);
    const pm = await importOk(
      JSON.stringify({
        encrypted: false,
        folders: [{ id: 'f1', name: 'Banks' }],
        items: [
          { ...item(totp), folderId: 'f1', passwordHistory: [], reprompt: 0 },
          { ...item(hotp), folderId: null },
          { type: 2, name: 'note', notes: 'x' },
          { type: 1, name: 'no totp', login: { totp: null } },
        ],
      }),
    );
    expect(pm.rows.map(fields)).toEqual([CUSTOM_TOTP, CUSTOM_HOTP]);
    expect(pm.rows.map((row) => row.group)).toEqual(['Banks', null]);
    expect(pm.skipped).toBe(2);
  });
  it('items renamed → unreadable; account-bound export → password_required with reason account_key, then account_key', async () => {
    expect(
      await importFail(F.BITWARDEN_JSON.replace('"items"', '"thisIsNotTheCorrectKeyName"')),
    ).toMatchObject({ kind: 'unreadable', message: 'Invalid or unreadable Bitwarden data' });
    const bound = F.BITWARDEN_JSON.replace('"encrypted": false', '"encrypted": true');
    expect(await importFail(bound)).toEqual({
      kind: 'password_required',
      app: 'Bitwarden',
      reason: 'account_key',
      message: 'Unreadable, the data seem encrypted',
    });
    expect(await importFail(bound, { password: 'x' })).toEqual({
      kind: 'account_key',
      app: 'Bitwarden',
      message:
        'This Bitwarden export is encrypted with your account key and cannot be imported; export it again with a password or unencrypted',
    });
  });
});

describe('Proton, Steam, FreeOTP+', () => {
  it('Proton plain: the first three lines of plain.txt with names', async () => {
    const lines = F.AEGIS_PLAIN_TXT.split('\n');
    const names = ['Mason', 'James', 'Elijah'];
    const json = {
      version: 1,
      entries: names.map((name, i) => ({
        id: `u${i}`,
        content: { uri: lines[i], entry_type: 'Totp', name },
        note: null,
      })),
    };
    const result = await importOk(JSON.stringify(json));
    expect(result.app).toBe('Proton Authenticator');
    expect(result.rows.map(fields)).toEqual(SEVEN.slice(0, 3));
  });
  it('Proton: entry_type Steam wins over the URI', async () => {
    const json = {
      version: 1,
      entries: [
        {
          id: 'a',
          content: {
            uri: 'otpauth://totp/Boeing:Sophia?secret=JRZCL47CMXVOQMNPZR2F7J4RGI&issuer=Boeing',
            entry_type: 'Steam',
            name: '',
          },
          note: null,
        },
      ],
    };
    expect((await importOk(JSON.stringify(json))).rows.map(fields)).toEqual([SEVEN[6]]);
  });
  it('steam.json (accounts shape) and the classic single-object maFile', async () => {
    expect((await importOk(F.STEAM_JSON)).rows.map(fields)).toEqual([SEVEN[6]]);
    const single = JSON.stringify({
      shared_secret: 'THIl8+Jl6ugxr8x0X6eRMg==',
      steamid: 76561198000000000,
      identity_secret: 'x',
    });
    const result = await importOk(single);
    expect(result.rows[0]).toMatchObject({
      service: 'Steam',
      account: '76561198000000000',
      secret: 'JRZCL47CMXVOQMNPZR2F7J4RGI======',
    });
    const bad = await importOk(JSON.stringify({ shared_secret: 'not base64!', account_name: 'Sophia' }));
    expect(bad.rows[0]).toMatchObject({
      service: 'Steam',
      account: 'Sophia',
      error: { message: 'The secret field must be a base32 encoded string.' },
    });
  });
  it('FreeOTP+: signed bytes, counter + 1, tokenOrder', async () => {
    const json = {
      tokenOrder: ['WWE:Mason', 'Deno:Mason'],
      tokens: [
        {
          algo: 'SHA1',
          digits: 6,
          issuerExt: 'Deno',
          label: 'Mason',
          period: 30,
          secret: [-28, -110, 112, -16, -46, 31, 54, 92, -124, 8, -8, -76, 117, -59, 38, 124],
          type: 'TOTP',
        },
        {
          algo: 'SHA512',
          counter: 10299,
          digits: 8,
          issuerExt: 'WWE',
          label: 'Mason',
          period: 30,
          secret: [-19, 64, -59, -18, -5, -20, -50, 34, 6, -79, 93, 117, -63, 24, 42, 118],
          type: 'HOTP',
        },
      ],
    };
    const result = await importOk(JSON.stringify(json));
    expect(result.rows.map(fields)).toEqual([SEVEN[5], SEVEN[0]]);
  });
});

describe('plain-text lists', () => {
  const TOTP =
    'otpauth://totp/service:account?secret=A4GRFHVVRBGY7UIW&issuer=service&digits=7&period=40&algorithm=sha256';
  const HOTP =
    'otpauth://hotp/service:account?secret=A4GRFHVVRBGY7UIW&issuer=service&digits=7&counter=5&algorithm=sha256';
  const STEAM =
    'otpauth://totp/Steam:account?secret=XJGTDRUUKZH3X7TQN2QZUGCGXZCC5LXE&issuer=Steam&digits=5&period=30&algorithm=sha1';
  it('VALID_PLAIN_TEXT_PAYLOAD and the image variant', async () => {
    expect((await importOk(`${TOTP}\n${HOTP}\n\n${STEAM}\n\n`)).rows.map(fields)).toEqual([
      CUSTOM_TOTP,
      CUSTOM_HOTP,
      STEAM_ROW,
    ]);
    const img = '&image=https%3A%2F%2Fdemo.2fauth.app%2Ffavicon.png';
    expect((await importOk(`${TOTP}${img}\r\n${HOTP}${img}\r\n${STEAM}`)).rows.map(fields)).toEqual([
      CUSTOM_TOTP,
      CUSTOM_HOTP,
      STEAM_ROW,
    ]);
  });
  it.each([
    ['intruder', `${TOTP}\n${HOTP}\nThis is an intruder line\n${STEAM}`],
    ['bare secret', '\n\nXJGTDRUUKZH3X7TQN2QZUGCGXZCC5LXE'],
    ['only blank lines', '  \n \t\n'],
    ['empty', ''],
    ['lorem', 'lorem ipsum\nlorem ipsum'],
    ['Xotp line', `${TOTP}\notpauth://Xotp/account?secret=A4GRFHVVRBGY7UIW\n${STEAM}`],
    [
      'wrong migration scheme',
      'otpauthmigration://offline?data=CiQKCgcNEp61iE2P0RYSB2FjY291bnQaB3NlcnZpY2UgASgBMAIKLAoKBw0SnrWITY/RFhILYWNjb3VudF9iaXMaC3NlcnZpY2VfYmlzIAEoATACEAEYASAA',
    ],
  ])('%s → no format', async (_name, input) => {
    expect(await importFail(input)).toEqual(NO_FORMAT);
  });
  it('an invalid line is a -2 row; the others import', async () => {
    const result = await importOk(`${TOTP}\notpauth://totp/`);
    expect(result.rows).toHaveLength(2);
    expect(result.rows[1]?.error?.message).toBe('The uri must have a label.');
  });
  it('an invalid line keeps the service and account of its label; only the failing field is reported', async () => {
    const result = await importOk(
      'otpauth://totp/Acme:alice?secret=A4GRFHVVRBGY7UIW&digits=4\notpauth://hotp/Bank%3A%20bob?secret=1.0&issuer=Bank\nmotp://Old:carol?secret=abcd',
    );
    expect(
      result.rows.map((row) => [row.service, row.account, row.otp_type, row.secret, row.error?.message]),
    ).toEqual([
      ['Acme', 'alice', 'totp', '', 'The digits field must be between 5 and 10.'],
      ['Bank', 'bob', 'hotp', '', 'The secret field must be a base32 encoded string.'],
      ['Old', 'carol', 'totp', '', 'Unsupported OTP type'],
    ]);
  });
  it('Ente commas, trashed entries skipped, tags as groups', async () => {
    const display = (value: object) => encodeURIComponent(JSON.stringify(value));
    const text = [
      `otpauth://totp/A%2C%20B:x?secret=JBSWY3DPEHPK3PXP&codeDisplay=${display({ tags: ['Work'], trashed: false })}, otpauth://totp/C:y?secret=JBSWY3DPEHPK3PXP&codeDisplay=${display({ trashed: true })}`,
      'otpauth://totp/D:z?secret=JBSWY3DPEHPK3PXP&codeDisplay=%7Bbroken',
    ].join('\n');
    const result = await importOk(text);
    expect(result.rows.map((row) => [row.service, row.account, row.group])).toEqual([
      ['A, B', 'x', 'Work'],
      ['D', 'z', null],
    ]);
    expect(result.skipped).toBe(1);
  });
});
