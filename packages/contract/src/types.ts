import type { BodyOf, components, ResponseOf } from './client.js';

/*
 * Named types of every resource. The SDK's methods are declared with these names, so their
 * published declarations refer to them instead of repeating their fields: a consumer compiling
 * with `exactOptionalPropertyTypes` can assign what a method returns to these types.
 */

type Schemas = components['schemas'];
/** A two-factor account as the API returns it. */
export type Account = Schemas['Account'];
/** An account the server read from a URI, not stored. */
export type AccountPreview = Schemas['AccountPreview'];
/** One page of the accounts list (`page[number]`, `page[size]`), in Laravel's paginator envelope. */
export type AccountPage = Schemas['AccountPage'];
/** A row of an import preview: `id` 0 valid, -1 duplicate of a stored account, -2 invalid. */
export type ImportRow = Schemas['ImportRow'];
/** A code (`password`), with the next one for TOTP and Steam accounts. */
export type Otp = Schemas['Otp'];
/** The current and next code embedded in an account read `withOtp`. */
export type EmbeddedOtp = Schemas['EmbeddedOtp'];
export type Group = Schemas['Group'];
export type Tag = Schemas['Tag'];
export type AccountRecovery = Schemas['AccountRecovery'];
export type RecoveryWrite = BodyOf<'/api/v1/twofaccounts/{id}/recovery', 'put'>;
/** A personal access token (never its value). */
export type Token = Schemas['Token'];
/** A token just made: the only answer that holds its value (`accessToken`). */
export type CreatedToken = Schemas['CreatedToken'];
/** What a personal access token may do: `codes` < `read` < `full` (Twofold only). */
export type TokenScope = Schemas['TokenScope'];
/** A pairing a device started: the codes to show, where to send the user, how often to poll. */
export type DeviceAuthorization = Schemas['DeviceAuthorization'];
/** The token an approved pairing gives its device, once. */
export type DeviceToken = Schemas['DeviceToken'];
/** Why a device's poll got no token (yet). */
export type DeviceTokenError = Schemas['DeviceTokenError'];
/** A pairing waiting for the signed-in user's decision. */
export type PendingAuthorization = Schemas['PendingAuthorization'];
/** A stored backup: an encrypted Aegis vault that only the backup password opens. */
export type Backup = Schemas['Backup'];
export type Setting = Schemas['Setting'];
export type Preference = Schemas['Preference'];
/** The signed-in user. */
export type User = ResponseOf<'/api/v1/user', 'get'>;
/** Each account read within the window, by account id: its last read and its codes read. */
export type AccountUsage = ResponseOf<'/api/v1/otp-logs/usage', 'get'>;
export type OtpType = Account['otp_type'];
export type Algorithm = Account['algorithm'];
export type CreateAccountBody = BodyOf<'/api/v1/twofaccounts', 'post'>;

/** The export formats of `GET /api/v1/twofaccounts/export`. */
export type ExportFormat = '2fauth' | 'otpauth' | 'txt' | 'aegis' | 'gmigration';
type ExportAnswer = ResponseOf<'/api/v1/twofaccounts/export', 'get'>;
/** 2FAuth's export (`format` 2fauth, and otpauth: the same envelope holding URIs). */
export type TwofauthExport = Extract<ExportAnswer, { data: unknown }>;
/** An Aegis vault: plain from `export({ format: 'aegis' })`, encrypted from `exportEncrypted`. */
export type AegisVault = Extract<ExportAnswer, { version: number }>;
/** Google Authenticator migration URIs (at most 10 accounts each) and the accounts they cannot hold. */
export type MigrationExport = Extract<ExportAnswer, { uris: unknown }>;
/** What `accounts.export({ format })` returns for each JSON format. */
export interface ExportShapes {
  '2fauth': TwofauthExport;
  otpauth: TwofauthExport;
  aegis: AegisVault;
  gmigration: MigrationExport;
}
/** The JSON export formats (`txt` is text: `exportText`). */
export type JsonExportFormat = keyof ExportShapes;

/** An alert channel (e-mail, ntfy, Gotify, webhook, Web Push), never its token or secret. */
export type AlertChannel = Schemas['AlertChannel'];
/** Which events send an alert. */
export type AlertKinds = Schemas['AlertKinds'];
/** The alert kinds, the channels and the server's VAPID public key. */
export type AlertSettings = Schemas['AlertSettings'];
/** An error answer's `reason`: a code of the closed list, or messages (a list, or by field). */
export type ErrorReason = NonNullable<Schemas['ErrorMessage']['reason']>;
/**
 * The reason codes, a closed list that a client may switch on exhaustively:
 * `identity_confirmation_required` (confirm who you are again, then retry), `password_sign_in_off`,
 * `password_required` and `account_key` (an encrypted import), and 2FAuth's
 * `This action is unauthorized.`.
 */
export type ErrorReasonCode = Extract<ErrorReason, string>;
