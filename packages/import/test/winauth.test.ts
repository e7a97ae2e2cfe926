import { describe, expect, it } from 'vitest';
import { aegisText, expectVectors } from './aegis-fixtures.js';
import { importOk } from './helpers.js';

/*
 * WinAuth's export ("Export" → text file) is one otpauth URI per line, with WinAuth's extras
 * (`icon`, `skew`, Battle.net's `serial`, Steam's `deviceid`). Aegis reads it with its plain-list
 * importer (fixture plain.txt); Twofold's plain-list reader takes it as it is.
 */

describe('WinAuth export', () => {
  it("Aegis's WinAuth fixture (plain.txt) gives the seven vectors", async () => {
    const result = await importOk(aegisText('plain.txt'));
    expect(result.format).toBe('plain');
    expectVectors(result.rows, 7);
  });
  it("WinAuth's extra parameters are ignored", async () => {
    const text = [
      'otpauth://totp/Deno%3AMason?secret=4SJHB4GSD43FZBAI7C2HLRJGPQ&digits=6&period=30&icon=Google&skew=0',
      'otpauth://totp/Battle.net?secret=BMGRXPGFARQQF4GMT25JATL2VYLAHDBI&digits=8&icon=BattleNetAuthenticatorIcon&serial=US-2211-2050-3346',
    ].join('\r\n');
    const rows = (await importOk(text)).rows;
    expect(rows.map((row) => [row.service, row.account, row.digits, row.error])).toEqual([
      ['Deno', 'Mason', 6, undefined],
      [null, 'Battle.net', 8, undefined],
    ]);
  });
});
