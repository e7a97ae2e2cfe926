import { beforeEach, expect, it } from 'vitest';
import { bearerCaller, createUserWithToken } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

/** An Aegis vault (db v3): one entry with a note in two groups, one with neither. */
const VAULT = {
  version: 1,
  header: { slots: null, params: null },
  db: {
    version: 3,
    entries: [
      {
        type: 'totp',
        uuid: '8fd4c2b6-3f1e-4a57-9d0b-5a1f0e2c7d11',
        name: 'alice@example.com',
        issuer: 'Google',
        note: 'Recovery phone: the blue one',
        favorite: false,
        icon: null,
        info: { secret: 'JBSWY3DPEHPK3PXP', algo: 'SHA1', digits: 6, period: 30 },
        groups: ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'],
      },
      {
        type: 'hotp',
        uuid: '0a4b7c58-2e6d-4f1a-8b3c-9d2e1f0a5b66',
        name: 'bob',
        issuer: 'Git',
        note: '',
        favorite: false,
        icon: null,
        info: { secret: 'A4GRFHVVRBGY7UIW', algo: 'SHA1', digits: 6, counter: 3 },
        groups: [],
      },
    ],
    groups: [
      { uuid: '11111111-1111-4111-8111-111111111111', name: 'Work' },
      { uuid: '22222222-2222-4222-8222-222222222222', name: 'Mail' },
    ],
  },
};

interface PreviewRow {
  id: number;
  otp_type: string;
  account: string;
  service: string | null;
  secret: string;
  digits: number;
  algorithm: string;
  period: number | null;
  counter: number | null;
  group: string | null;
  note?: string | null;
  tags?: string[];
  recovery_codes?: { code: string; used_at: string | null }[];
  websites?: string[];
}

describeEachDatabase('Aegis round trip of notes, tags and recovery codes', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
    await call('PUT', '/api/v1/settings/getOfficialIcons', { value: false });
  });

  const preview = async (payload: unknown, password?: string) =>
    (
      await call('POST', '/api/v1/twofaccounts/migration?withExtras=1', {
        payload: JSON.stringify(payload),
        withSecret: '1',
        ...(password ? { password } : {}),
      })
    ).json<PreviewRow[]>();

  /** What the web app does with the preview: create each row, then store its note and codes. */
  const store = async (rows: PreviewRow[]) => {
    for (const row of rows) {
      const group = row.group
        ? (await call('POST', '/api/v1/groups', { name: row.group })).json<{ id?: number }>().id
        : undefined;
      const created = (
        await call('POST', '/api/v1/twofaccounts', {
          account: row.account,
          service: row.service,
          otp_type: row.otp_type,
          secret: row.secret,
          digits: row.digits,
          algorithm: row.algorithm,
          period: row.period,
          counter: row.counter,
          tags: row.tags,
          ...(row.websites ? { websites: row.websites } : {}),
          ...(group ? { group_id: group } : {}),
        })
      ).json<{ id: number }>();
      const written = await call('PUT', `/api/v1/twofaccounts/${created.id}/recovery`, {
        note: row.note ?? null,
        recovery_codes: row.recovery_codes ?? [],
      });
      expect({ status: written.statusCode, body: written.json() }).toMatchObject({ status: 200 });
    }
  };

  it('imports note and every group as a tag, exports them back, and the encrypted backup restores them', async () => {
    const rows = await preview(VAULT);
    expect(rows.map((row) => [row.account, row.group, row.tags, row.note, row.recovery_codes])).toEqual([
      ['alice@example.com', 'Work', ['Work', 'Mail'], 'Recovery phone: the blue one', []],
      ['bob', null, [], null, []],
    ]);
    // Without the flag, the preview rows are as before.
    const plain = (
      await call('POST', '/api/v1/twofaccounts/migration', {
        payload: JSON.stringify(VAULT),
        withSecret: '1',
      })
    ).json<Record<string, unknown>[]>();
    expect(Object.keys(plain[0]!)).not.toContain('tags');
    expect(Object.keys(plain[0]!)).not.toContain('note');

    await store(rows);
    const [alice] = (await call('GET', '/api/v1/twofaccounts?withExtras=1')).json<
      { id: number; tags: string[]; has_note: boolean }[]
    >();
    expect(alice!.tags).toEqual(['Mail', 'Work']);
    expect(alice!.has_note).toBe(true);
    await call('PUT', `/api/v1/twofaccounts/${alice!.id}/recovery`, {
      recovery_codes: [{ code: 'r1' }, { code: 'r2' }],
    });
    const codes = (await call('GET', `/api/v1/twofaccounts/${alice!.id}/recovery`)).json<{
      recovery_codes: { id: number }[];
    }>().recovery_codes;
    await call('PATCH', `/api/v1/twofaccounts/${alice!.id}/recovery-codes/${codes[0]!.id}`, { used: true });

    // The Aegis export: note, and the group then the tags as Aegis groups (one uuid per name).
    const exported = (await call('GET', '/api/v1/twofaccounts/export?format=aegis')).json<{
      db: { entries: Record<string, unknown>[]; groups: { uuid: string; name: string }[] };
    }>();
    const names = new Map(exported.db.groups.map((group) => [group.uuid, group.name]));
    const [first, second] = exported.db.entries;
    expect(first!.note).toBe('Recovery phone: the blue one');
    expect((first!.groups as string[]).map((uuid) => names.get(uuid))).toEqual(['Work', 'Mail']);
    expect(second!.note).toBe('');
    expect(second!.groups).toEqual([]);
    expect(exported.db.groups).toHaveLength(2);

    // The encrypted vault (what backups write) brings everything back, recovery codes included.
    const vault = (
      await call('POST', '/api/v1/twofaccounts/export', { format: 'aegis', password: 'round-trip-pass' })
    ).json();
    const restored = await preview(vault, 'round-trip-pass');
    expect(restored.map((row) => [row.account, row.group, row.tags, row.note])).toEqual([
      ['alice@example.com', 'Work', ['Work', 'Mail'], 'Recovery phone: the blue one'],
      ['bob', null, [], null],
    ]);
    expect(restored[0]!.recovery_codes).toEqual([
      { code: 'r1', used_at: t.clock.now().toISOString() },
      { code: 'r2', used_at: null },
    ]);
    // Into an empty database: the same accounts, notes, tags and codes.
    await t.db.deleteFrom('twofaccounts').execute();
    await t.db.deleteFrom('tags').execute();
    await t.db.deleteFrom('groups').execute();
    await store(restored);
    const back = (await call('GET', '/api/v1/twofaccounts?withExtras=1')).json<
      { id: number; account: string; tags?: string[]; has_note?: true; recovery_codes?: object }[]
    >();
    // Absent extras mean none: no tags, no note, no recovery codes.
    expect(back.map((a) => [a.account, a.tags ?? [], a.has_note ?? false, a.recovery_codes])).toEqual([
      ['alice@example.com', ['Mail', 'Work'], true, { total: 2, unused: 1 }],
      ['bob', [], false, undefined],
    ]);
  });

  it('keeps websites in its own key of the Aegis vault, not in the 2FAuth export, and reads them back', async () => {
    const created = (
      await call('POST', '/api/v1/twofaccounts', {
        account: 'alice',
        service: 'GitHub',
        otp_type: 'totp',
        secret: 'JBSWY3DPEHPK3PXP',
        websites: ['github.com', 'https://gist.github.com/x'],
      })
    ).json<{ id: number }>();
    expect(created.id).toBeGreaterThan(0);
    await call('POST', '/api/v1/twofaccounts', {
      account: 'bob',
      service: 'Git',
      otp_type: 'totp',
      secret: 'A4GRFHVVRBGY7UIW',
    });

    const exported = (await call('GET', '/api/v1/twofaccounts/export?format=aegis')).json<{
      db: { entries: { name: string; twofold?: { websites?: string[] } }[] };
    }>();
    expect(exported.db.entries.map((entry) => [entry.name, entry.twofold])).toEqual([
      ['alice', { websites: ['github.com'] }],
      ['bob', undefined],
    ]);
    // 2FAuth's own shape never carries the field.
    const twoFauth = (await call('GET', '/api/v1/twofaccounts/export')).body;
    expect(twoFauth).not.toContain('websites');
    expect(twoFauth).not.toContain('github.com');

    // A hand-edited vault: what names no website is left out of the preview, the rest normalised.
    const edited = structuredClone(exported) as { db: { entries: { twofold?: { websites?: unknown[] } }[] } };
    edited.db.entries[0]!.twofold = {
      websites: ['https://www.GitLab.com/login', 'not a website', 42, 'github.com'],
    };
    const rows = await preview(edited);
    expect(rows.map((row) => [row.account, row.websites])).toEqual([
      ['alice', ['gitlab.com', 'github.com']],
      ['bob', undefined],
    ]);
    // Without `withExtras`, a 2FAuth client's preview has no such field.
    const plain = (
      await call('POST', '/api/v1/twofaccounts/migration', {
        payload: JSON.stringify(edited),
        withSecret: '1',
      })
    ).body;
    expect(plain).not.toContain('websites');

    // Restored from the encrypted vault (what backups write) into an empty database.
    const vault = (
      await call('POST', '/api/v1/twofaccounts/export', { format: 'aegis', password: 'round-trip-pass' })
    ).json();
    const restored = await preview(vault, 'round-trip-pass');
    await t.db.deleteFrom('twofaccounts').execute();
    await store(restored);
    const back = (await call('GET', '/api/v1/twofaccounts?withExtras=1')).json<
      { account: string; websites?: string[] }[]
    >();
    expect(back.map((account) => [account.account, account.websites ?? []])).toEqual([
      ['alice', ['github.com']],
      ['bob', []],
    ]);
  });
});
