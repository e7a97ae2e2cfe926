import { describe, expect, it } from 'vitest';
import { importOk } from './helpers.js';

const SECRET = 'JBSWY3DPEHPK3PXP';

describe('notes, tags and recovery codes', () => {
  it('Aegis: the note, every group as a tag (the first is the group), Twofold recovery codes and websites', async () => {
    const vault = {
      version: 1,
      header: { slots: null, params: null },
      db: {
        version: 3,
        entries: [
          {
            type: 'totp',
            name: 'alice',
            issuer: 'Google',
            note: 'kept in the safe',
            info: { secret: SECRET, algo: 'SHA1', digits: 6, period: 30 },
            groups: ['g2', 'unknown', 'g1'],
            twofold: {
              recovery_codes: [{ code: 'r1', used_at: '2024-01-02T00:00:00.000Z' }, { code: 'r2' }],
              websites: ['github.com', 3, 'https://gitlab.com/login'],
            },
          },
          { type: 'totp', name: 'bob', issuer: 'Git', note: '', info: { secret: SECRET }, groups: [] },
        ],
        groups: [
          { uuid: 'g1', name: 'Work' },
          { uuid: 'g2', name: 'Mail' },
        ],
      },
    };
    const { rows } = await importOk(JSON.stringify(vault));
    expect(rows.map((row) => [row.account, row.group, row.tags, row.note, row.recovery_codes])).toEqual([
      [
        'alice',
        'Mail',
        ['Mail', 'Work'],
        'kept in the safe',
        [
          { code: 'r1', used_at: '2024-01-02T00:00:00.000Z' },
          { code: 'r2', used_at: null },
        ],
      ],
      ['bob', null, undefined, undefined, undefined],
    ]);
    // Websites as written (the server normalises them); what is not text is left out.
    expect(rows.map((row) => row.websites)).toEqual([['github.com', 'https://gitlab.com/login'], undefined]);
  });

  it('Ente: every tag, and the note, from codeDisplay', async () => {
    const display = encodeURIComponent(
      JSON.stringify({ tags: ['Work', 'Bank'], note: 'call first', trashed: false }),
    );
    const { rows } = await importOk(`otpauth://totp/A:x?secret=${SECRET}&codeDisplay=${display}`);
    expect(rows.map((row) => [row.group, row.tags, row.note])).toEqual([
      ['Work', ['Work', 'Bank'], 'call first'],
    ]);
  });

  it("Ente: a pinned code is a favourite (Ente's own export shape)", async () => {
    // As Ente Auth writes its plain-text export: codeDisplay carries every display field.
    const display = (pinned: boolean) =>
      encodeURIComponent(
        JSON.stringify({ pinned, trashed: false, lastUsedAt: 0, tapCount: 3, tags: ['Work'], note: '' }),
      );
    const text = [
      `otpauth://totp/GitHub:alice?secret=${SECRET}&issuer=GitHub&algorithm=SHA1&digits=6&period=30&codeDisplay=${display(true)}`,
      `otpauth://totp/Mail:alice?secret=${SECRET}&issuer=Mail&algorithm=SHA1&digits=6&period=30&codeDisplay=${display(false)}`,
    ].join('\n');
    const { rows } = await importOk(text);
    expect(rows.map((row) => [row.service, row.favorite, row.note])).toEqual([
      ['GitHub', true, undefined],
      ['Mail', undefined, undefined],
    ]);
  });

  it('Bitwarden: the item notes', async () => {
    const json = {
      encrypted: false,
      items: [
        { type: 1, name: 'Git', notes: 'spare key', login: { username: 'bob', totp: SECRET } },
        { type: 1, name: 'Mail', notes: null, login: { username: 'carol', totp: SECRET } },
      ],
    };
    const { rows } = await importOk(JSON.stringify(json));
    expect(rows.map((row) => [row.account, row.note])).toEqual([
      ['bob', 'spare key'],
      ['carol', undefined],
    ]);
  });
});
