// Writing Google Authenticator migration URIs (the export side of migration.ts).
import { isSteam } from './account.js';
import { decodeBase32Text } from './base32.js';
import { encodeBase64 } from './base64.js';
import type { MigrationExport, MigrationExportOptions, MigrationSkipReason } from './migration.js';
import { ProtobufWriter } from './protobuf.js';
import { normalizeSecret } from './secret.js';
import type { Algorithm, OtpAccount } from './types.js';

const ALGORITHM_TO_ENUM: Readonly<Record<Algorithm, number>> = { sha1: 1, sha256: 2, sha512: 3, md5: 4 };
const SKIP_MESSAGES: Readonly<Record<MigrationSkipReason, string>> = {
  steam: 'Google Authenticator does not support Steam accounts',
  digits: 'Google Authenticator only supports 6 or 8 digits',
  period: 'Google Authenticator only supports a 30-second period',
  secret: 'The secret field must be a base32 encoded string.',
  too_large: 'The account does not fit in a QR code',
};

function randomBatchId(): number {
  const buffer = new Int32Array(1);
  do globalThis.crypto.getRandomValues(buffer);
  while (buffer[0] === 0);
  return buffer[0] ?? 1;
}

function encodeEntry(account: OtpAccount, secret: Uint8Array): Uint8Array {
  const writer = new ProtobufWriter().bytes(1, secret).string(2, account.account);
  if (account.service !== null && account.service !== '') writer.string(3, account.service);
  writer
    .uint(4, ALGORITHM_TO_ENUM[account.algorithm])
    .uint(5, account.digits === 8 ? 2 : 1)
    .uint(6, account.otp_type === 'hotp' ? 1 : 2);
  if (account.otp_type === 'hotp') writer.uint(7, account.counter ?? 0);
  return writer.finish();
}

function migrationUri(entries: readonly Uint8Array[], size: number, index: number, batchId: number): string {
  const writer = new ProtobufWriter();
  for (const entry of entries) writer.bytes(1, entry);
  writer.uint(2, 1).uint(3, size).uint(4, index);
  if (batchId !== 0) writer.uint(5, batchId);
  return `otpauth-migration://offline?data=${encodeURIComponent(encodeBase64(writer.finish()))}`;
}

/**
 * Encodes accounts as Google Authenticator migration URIs, one per QR code: at most `maxPerCode`
 * (10) accounts per code, fewer when a URI would exceed `maxUriLength`; every code shares one
 * batch id. Accounts Google cannot represent (Steam, digits other than 6 or 8, a period other
 * than 30) are left out and listed in `skipped`; the period field is never written. Fields are written in field-number order, with `version`, `batch_size`
 * and `batch_index` always present, so the output is byte-exact.
 */
export function encodeMigrationUris(
  accounts: readonly OtpAccount[],
  options: MigrationExportOptions = {},
): MigrationExport {
  const batchId = options.batchId ?? randomBatchId();
  const maxLength = options.maxUriLength ?? 2331;
  const maxPerCode = Math.max(1, options.maxPerCode ?? 10);
  const skipped: { index: number; reason: MigrationSkipReason; message: string }[] = [];
  const skip = (index: number, reason: MigrationSkipReason): void => {
    skipped.push({ index, reason, message: SKIP_MESSAGES[reason] });
  };
  const entries: { index: number; bytes: Uint8Array }[] = [];
  accounts.forEach((account, index) => {
    const secret = decodeBase32Text(normalizeSecret(account.secret));
    if (isSteam(account.otp_type, account.service)) skip(index, 'steam');
    else if (account.digits !== 6 && account.digits !== 8) skip(index, 'digits');
    else if (account.otp_type === 'totp' && (account.period ?? 30) !== 30) skip(index, 'period');
    else if (secret === null || secret.length === 0) skip(index, 'secret');
    else entries.push({ index, bytes: encodeEntry(account, secret) });
  });

  let chunks: (typeof entries)[] = [];
  for (let i = 0; i < entries.length; i += maxPerCode) chunks.push(entries.slice(i, i + maxPerCode));
  // Split any chunk whose URI is too long, and start over: batch_size is in every URI.
  for (let changed = true; changed;) {
    changed = false;
    const next: (typeof entries)[] = [];
    for (const [index, chunk] of chunks.entries()) {
      const uri = migrationUri(
        chunk.map((entry) => entry.bytes),
        chunks.length,
        index,
        batchId,
      );
      if (uri.length <= maxLength) next.push(chunk);
      else if (chunk.length > 1) {
        const half = Math.ceil(chunk.length / 2);
        next.push(chunk.slice(0, half), chunk.slice(half));
        changed = true;
      } else {
        for (const entry of chunk) skip(entry.index, 'too_large');
        changed = true;
      }
    }
    chunks = next;
  }
  const uris = chunks.map((chunk, index) =>
    migrationUri(
      chunk.map((entry) => entry.bytes),
      chunks.length,
      index,
      batchId,
    ),
  );
  skipped.sort((a, b) => a.index - b.index);
  return { uris, batchId, skipped };
}
