/*
 * Builds the Proton Pass and 1Password fixtures: `node scripts/make-password-manager-fixtures.mjs`
 * from packages/import. The JSON follows each app's export layout (Proton Pass: `Proton Pass/data.json`
 * in a zip, encrypted as an armored OpenPGP message with OpenPGP.js — the library behind Proton's
 * CryptoProxy — with `s2kIterationCountByte: 255` as Proton Pass does; 1Password: `export.data` and
 * `export.attributes` in a `.1pux` zip). Password `test`.
 */
import { writeFileSync } from 'node:fs';
import * as zip from '@zip.js/zip.js';
import * as openpgp from 'openpgp';

zip.configure({ useWebWorkers: false });

async function zipOf(files) {
  const writer = new zip.ZipWriter(new zip.Uint8ArrayWriter());
  for (const [name, text] of Object.entries(files)) await writer.add(name, new zip.TextReader(text));
  return writer.close();
}

const out = (name, bytes) => writeFileSync(new URL(`../test/fixtures/built/${name}`, import.meta.url), bytes);

const protonItem = (name, content, extra = {}) => ({
  itemId: `item-${name}`,
  shareId: 'share-1',
  data: {
    metadata: { name, note: '', itemUuid: `uuid-${name}` },
    extraFields: extra.extraFields ?? [],
    type: 'login',
    content: {
      itemEmail: '',
      itemUsername: '',
      password: 'secret-password',
      urls: [],
      totpUri: '',
      passkeys: [],
      ...content,
    },
  },
  state: extra.state ?? 1,
  aliasEmail: null,
  contentFormatVersion: 1,
  createTime: 1700000000,
  modifyTime: 1700000000,
  pinned: false,
});

const proton = {
  version: '1.17.0',
  userId: 'user-1',
  encrypted: false,
  vaults: {
    'share-1': {
      name: 'Personal',
      description: 'Personal vault',
      display: { color: 0, icon: 0 },
      items: [
        protonItem('Deno', {
          itemUsername: 'Mason',
          totpUri:
            'otpauth://totp/Deno:Mason?secret=4SJHB4GSD43FZBAI7C2HLRJGPQ&algorithm=SHA1&digits=6&period=30&issuer=Deno',
        }),
        protonItem('SPDX', {
          itemEmail: 'James',
          totpUri:
            'otpauth://totp/SPDX:James?secret=5OM4WOOGPLQEF6UGN3CPEOOLWU&algorithm=SHA256&digits=7&period=20&issuer=SPDX',
        }),
        // A TOTP in an extra field, with a URI without a label.
        protonItem(
          'Airbnb',
          { itemUsername: 'Elijah' },
          {
            extraFields: [
              {
                fieldName: '2FA',
                type: 'totp',
                data: {
                  totpUri:
                    'otpauth://totp/?secret=7ELGJSGXNCCTV3O6LKJWYFV2RA&algorithm=SHA512&digits=8&period=50&issuer=Airbnb',
                },
              },
            ],
          },
        ),
        protonItem('Email only', { itemEmail: 'someone@example.com' }),
        protonItem(
          'Trashed',
          { itemUsername: 'x', totpUri: 'otpauth://totp/T:x?secret=JBSWY3DPEHPK3PXP' },
          { state: 2 },
        ),
      ],
    },
    'share-2': {
      name: 'Work',
      description: '',
      display: { color: 1, icon: 1 },
      items: [
        protonItem('Steam', {
          itemUsername: 'Sophia',
          totpUri: 'otpauth://totp/Steam:Sophia?secret=JRZCL47CMXVOQMNPZR2F7J4RGI&digits=5&issuer=Steam',
        }),
        protonItem('Yandex', {
          itemUsername: 'someone',
          totpUri: 'otpauth://yaotp/someone?secret=6SB2IKNM6OBZPAVBVTOHDKS4FA',
        }),
      ],
    },
  },
};
const protonZip = await zipOf({ 'Proton Pass/data.json': JSON.stringify(proton) });
out('proton_pass.zip', protonZip);
const encrypted = await openpgp.encrypt({
  message: await openpgp.createMessage({ binary: protonZip }),
  passwords: ['test'],
  config: { s2kIterationCountByte: 255 },
  format: 'armored',
});
out('proton_pass.pgp', encrypted);

const field = (title, totp) => ({
  title,
  id: `TOTP_${title}`,
  value: { totp },
  indexAtSource: 0,
  guarded: false,
  multiline: false,
  dontGenerate: false,
});
const onePasswordItem = (title, username, totps, state = 'active') => ({
  uuid: `uuid-${title}`,
  favIndex: 0,
  createdAt: 1700000000,
  updatedAt: 1700000000,
  state,
  categoryUuid: '001',
  details: {
    loginFields: [
      { value: username, id: '', name: 'username', fieldType: 'T', designation: 'username' },
      { value: 'secret-password', id: '', name: 'password', fieldType: 'P', designation: 'password' },
    ],
    notesPlain: '',
    sections: [
      {
        title: 'Security',
        name: 'security',
        fields: totps.map((totp, i) => field(`one-time password ${i}`, totp)),
      },
    ],
    passwordHistory: [],
  },
  overview: { subtitle: username, urls: [], title, url: '', ps: 0, pbe: 0, pgrng: false, tags: [] },
});
const onePassword = {
  accounts: [
    {
      attrs: {
        accountName: 'Test',
        name: 'Test',
        avatar: '',
        email: 'test@example.com',
        uuid: 'acc-1',
        domain: 'https://my.1password.com/',
      },
      vaults: [
        {
          attrs: { uuid: 'vault-1', desc: '', avatar: '', name: 'Private', type: 'P' },
          items: [
            onePasswordItem('Issuu', 'James', [
              'otpauth://hotp/Issuu:James?secret=YOOMIXWS5GN6RTBPUFFWKTW5M4&counter=1&issuer=Issuu',
            ]),
            onePasswordItem('Air Canada', 'Benjamin', [
              'otpauth://hotp/Air%20Canada:Benjamin?secret=KUVJJOM753IHTNDSZVCNKL7GII&digits=7&algorithm=SHA256&counter=50&issuer=Air%20Canada',
            ]),
            // A bare secret, as 1Password also stores them.
            onePasswordItem('Deno', 'Mason', ['4SJHB4GSD43FZBAI7C2HLRJGPQ']),
            onePasswordItem('No TOTP', 'nobody', []),
          ],
        },
        {
          attrs: { uuid: 'vault-2', desc: '', avatar: '', name: 'Shared', type: 'U' },
          items: [
            onePasswordItem(
              'WWE',
              'Mason',
              [
                'otpauth://hotp/WWE:Mason?secret=5VAML3X35THCEBVRLV24CGBKOY&digits=8&algorithm=SHA512&counter=10300&issuer=WWE',
              ],
              'archived',
            ),
            onePasswordItem('mOTP', 'someone', ['motp://someone?secret=abcdef0123']),
          ],
        },
      ],
    },
  ],
};
out(
  'onepassword.1pux',
  await zipOf({
    'export.attributes': JSON.stringify({
      version: 3,
      description: '1Password Unencrypted Export',
      createdAt: 1700000000,
    }),
    'export.data': JSON.stringify(onePassword),
  }),
);
