import { newRecordSealer, type SealedRecord } from '@twofold/vault';

/**
 * Seals a refresh's records (in seal.worker.ts, off the main thread): the JSON, the encryption and the base64 of the
 * changed accounts (all 1,000 when the copy is turned on) and of the rest (`meta`), in one batch.
 */
export interface SealRequest {
  readonly publicKey: JsonWebKey;
  readonly meta: unknown;
  readonly accounts: readonly { readonly id: number }[];
  /** By account id: notes and recovery codes to seal (a copy that keeps them). */
  readonly extras?: Readonly<Record<string, unknown>>;
}

export interface SealedBatch {
  readonly batch: string;
  readonly ephemeral: JsonWebKey;
  readonly meta: SealedRecord;
  readonly accounts: Record<string, SealedRecord>;
  readonly extras?: Record<string, SealedRecord>;
}

export async function sealBatch(request: SealRequest): Promise<SealedBatch> {
  const sealer = await newRecordSealer(request.publicKey);
  const sealed = await Promise.all(request.accounts.map((account) => sealer.seal(account)));
  const accounts: Record<string, SealedRecord> = {};
  request.accounts.forEach((account, index) => {
    accounts[account.id] = sealed[index]!;
  });
  let extras: Record<string, SealedRecord> | undefined;
  if (request.extras) {
    const entries = Object.entries(request.extras);
    const sealedExtras = await Promise.all(entries.map(([, value]) => sealer.seal(value)));
    extras = Object.fromEntries(entries.map(([id], index) => [id, sealedExtras[index]!]));
  }
  return {
    batch: sealer.batch,
    ephemeral: sealer.ephemeral,
    meta: await sealer.seal(request.meta),
    accounts,
    ...(extras ? { extras } : {}),
  };
}
