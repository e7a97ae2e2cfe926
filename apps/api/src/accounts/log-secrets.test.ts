import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import { bearerCaller, createUserWithToken } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

const SECRET = 'KRUGKIDROVUWG2ZAMJZG653OEBTG66BA';

describeEachDatabase('failed database writes in the log', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
  });

  it('logs the SQL state of a failed account write, never its parameter values', async () => {
    // A database that refuses the write (a trigger stands for any server-side failure).
    await sql
      .raw(
        `create or replace function refuse_write() returns trigger language plpgsql as
         $$ begin raise exception 'refused' using errcode = 'P0001'; end $$`,
      )
      .execute(t.db);
    await sql
      .raw(
        `create trigger refuse_write before insert or update on twofaccounts
         for each row execute function refuse_write()`,
      )
      .execute(t.db);
    try {
      const response = await call('POST', '/api/v1/twofaccounts', {
        service: 'Example',
        account: 'someone@example.org',
        otp_type: 'totp',
        secret: SECRET,
      });
      expect(response.statusCode).toBe(500);
      const uri = await call('POST', '/api/v1/twofaccounts', {
        uri: `otpauth://totp/Example:someone?secret=${SECRET}&issuer=Example`,
      });
      expect(uri.statusCode).toBe(500);
      const log = t.logs.join('\n');
      expect(log).toContain('P0001');
      expect(log).not.toContain(SECRET);
      expect(log).not.toContain('someone@example.org');
    } finally {
      await sql.raw('drop trigger refuse_write on twofaccounts').execute(t.db);
      await sql.raw('drop function refuse_write()').execute(t.db);
    }
  });
});
