import { newRecordSealer, type SealedRecord } from '@twofold/vault';

/**
 * Seals a refresh's records (in seal.worker.ts, off the main thread): the JSON, the encryption and the base64 of the
 * changed accounts (all 1,000 when the copy is turned on) and of the rest (`meta`), in one batch.
 */
export interface SealRequest {
  readonly publicKey: JsonWebKey;
  readonly meta: unknown;
  readonly accounts: readonly { readonly id: number }[];
}

export interface SealedBatch {
  readonly batch: string;
  readonly ephemeral: JsonWebKey;
  readonly meta: SealedRecord;
  readonly accounts: Record<string, SealedRecord>;
}

export async function sealBatch(request: SealRequest): Promise<SealedBatch> {
  const sealer = await newRecordSealer(request.publicKey);
  const sealed = await Promise.all(request.accounts.map((account) => sealer.seal(account)));
  const accounts: Record<string, SealedRecord> = {};
  request.accounts.forEach((account, index) => {
    accounts[account.id] = sealed[index]!;
  });
  return {
    batch: sealer.batch,
    ephemeral: sealer.ephemeral,
    meta: await sealer.seal(request.meta),
    accounts,
  };
}
