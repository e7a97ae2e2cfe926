import type { AppKeys } from '../config/app-key.js';
import { associatedData, decryptValue, encryptValue, INDECIPHERABLE } from './encryption.js';

/** The account columns that hold ciphertext while encryption at rest is on. */
export const ENCRYPTED_COLUMNS = ['service', 'account', 'secret', 'uri'] as const;
export type EncryptedColumn = (typeof ENCRYPTED_COLUMNS)[number];

export interface SensitiveFields {
  service: string | null;
  account: string;
  secret: string;
  uri: string | null;
}

export interface OpenedFields {
  readonly fields: SensitiveFields;
  /** Columns whose value could not be decrypted (they read `*indecipherable*`). */
  readonly failed: readonly EncryptedColumn[];
  /** True when a value was decrypted with a previous key (to be re-encrypted). */
  readonly stale: boolean;
}

/** Encrypts the sensitive fields of account `id`; null stays null. */
export function sealFields(key: Buffer, id: number, fields: SensitiveFields): SensitiveFields {
  const seal = (column: EncryptedColumn, value: string) =>
    encryptValue(key, value, associatedData('twofaccounts', column, id));
  return {
    service: fields.service === null ? null : seal('service', fields.service),
    account: seal('account', fields.account),
    secret: seal('secret', fields.secret),
    uri: fields.uri === null ? null : seal('uri', fields.uri),
  };
}

/** Decrypts the sensitive fields of account `id` when `encrypted`; failures read as the marker. */
export function openFields(
  keys: AppKeys,
  id: number,
  stored: SensitiveFields,
  encrypted: boolean,
): OpenedFields {
  if (!encrypted) return { fields: { ...stored }, failed: [], stale: false };
  const failed: EncryptedColumn[] = [];
  let stale = false;
  const open = (column: EncryptedColumn, value: string): string => {
    const result = decryptValue(keys, value, associatedData('twofaccounts', column, id));
    if (!result.ok) {
      failed.push(column);
      return INDECIPHERABLE;
    }
    if (result.keyIndex > 0) stale = true;
    return result.value;
  };
  const fields: SensitiveFields = {
    service: stored.service === null ? null : open('service', stored.service),
    account: open('account', stored.account),
    secret: open('secret', stored.secret),
    uri: stored.uri === null ? null : open('uri', stored.uri),
  };
  return { fields, failed, stale };
}
