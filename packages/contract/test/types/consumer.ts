/**
 * Type test: what a consumer writes against the published declarations (`@twofold/contract`
 * resolves to dist/ through the package's `exports`), under strict, exactOptionalPropertyTypes
 * and NodeNext. `tsc -p test/types` fails when an assignment here stops compiling.
 */
import {
  createTwofold,
  TwofoldApiError,
  TwofoldNetworkError,
  type Account,
  type AegisVault,
  type Backup,
  type ErrorReasonCode,
  type Group,
  type ImportRow,
  type MigrationExport,
  type Otp,
  type TwofauthExport,
  type User,
} from '@twofold/contract';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(): T | void {}

const twofold = createTwofold({ baseUrl: 'https://2fa.example.com', token: 't', timeout: 5000 });

// Results are assignable to the SDK's own named types.
export const accounts: Account[] = await twofold.accounts.list({ withOtp: true });
export const one: Account = await twofold.accounts.get(1, { withSecret: true });
export const code: Otp = await twofold.accounts.otp(1);
export const groups: Group[] = await twofold.groups.list();
export const inGroup: Account[] = await twofold.groups.accounts(1);
export const backups: Backup[] = await twofold.backups.list();
export const me: User = await twofold.user();

// The rows of a preview go to importRows as they are.
const rows: ImportRow[] = await twofold.accounts.previewImport({ payload: 'otpauth://…', withSecret: true });
export const created: Account[] = await twofold.accounts.importRows(rows, { skipDuplicates: true });
await twofold.accounts.importRows(await twofold.accounts.previewImport({ file: new Blob(['{}']) }));
// Options may be explicitly undefined (what a caller's own optional fields hold).
const maybe: { password?: string } = {};
await twofold.accounts.previewImport({ payload: '', password: maybe.password });

// The export's type follows its format.
export const byDefault = await twofold.accounts.export();
expectType<Equal<typeof byDefault, TwofauthExport>>();
export const aegis = await twofold.accounts.export({ format: 'aegis' });
expectType<Equal<typeof aegis, AegisVault>>();
const migration = await twofold.accounts.export({ format: 'gmigration', ids: [1, 2] });
expectType<Equal<typeof migration, MigrationExport>>();
export const uris: string[] = migration.uris;
export const entries: TwofauthExport['data'] = (await twofold.accounts.export({ format: 'otpauth' })).data;
const encrypted: AegisVault = await twofold.accounts.exportEncrypted({ password: ' pw ' });
export const version: number = encrypted.version;
// @ts-expect-error: txt is text, see exportText
await twofold.accounts.export({ format: 'txt' });
const text: string = await twofold.accounts.exportText();
void text;

// Errors are typed.
try {
  await twofold.accounts.get(999);
} catch (error) {
  if (error instanceof TwofoldNetworkError) {
    const where: string = error.url;
    const late: boolean = error.timedOut;
    void [where, late];
  } else if (error instanceof TwofoldApiError) {
    const status: number = error.status;
    void status;
    // A reason code is a closed list: an exhaustive switch compiles, a code outside it does not.
    const reason = error.reason;
    if (typeof reason === 'string') {
      const code: ErrorReasonCode = reason;
      switch (code) {
        case 'identity_confirmation_required':
        case 'password_sign_in_off':
        case 'password_required':
        case 'account_key':
        case 'This action is unauthorized.':
          break;
        default: {
          const never: never = code;
          void never;
        }
      }
      // @ts-expect-error: not a reason the API sends
      const unknown: ErrorReasonCode = 'no_such_reason';
      void unknown;
    }
  }
}
