import { queryOptions } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@twofold/contract';
import { api, unwrap } from '../../api/client';
import { vault, type Account, type Otp } from '../data-source';

export type { Account, Otp };
/** A row of an import: id -1 = possible duplicate, -2 = cannot become an account. */
export type ImportItem = ResponseOf<'/api/v1/twofaccounts/import', 'post'>[number];
export type CreateAccountBody = BodyOf<'/api/v1/twofaccounts', 'post'>;
export type AccountParams = BodyOf<'/api/v1/twofaccounts/{id}', 'put'>;

/** The list of the accounts (no secrets); kept locally between visits (see persist.ts). */
export const accountsQuery = queryOptions({
  queryKey: ['accounts'],
  queryFn: () => vault().listAccounts(),
  staleTime: 0,
});

/** One account with its secret, for the edit form only: never kept in the cache. */
export function accountQuery(id: number) {
  return queryOptions({
    queryKey: ['account-edit', id],
    queryFn: () => vault().account(id),
    gcTime: 0,
    staleTime: Infinity,
  });
}

/** An account as a QR code image; it carries the secret, so it is not kept either. */
export function qrCodeQuery(id: number) {
  return queryOptions({
    queryKey: ['qrcode', id],
    queryFn: () => unwrap(api.GET('/api/v1/twofaccounts/{id}/qrcode', { params: { path: { id } } })),
    gcTime: 0,
    staleTime: Infinity,
  });
}

/** What an otpauth URI describes, without storing it. */
export function previewUri(uri: string) {
  return unwrap(api.POST('/api/v1/twofaccounts/preview', { body: { uri } }));
}

/** The preview of a scanned URI, read once per URI and forgotten when the screen goes. */
export function uriPreviewQuery(uri: string) {
  return queryOptions({
    queryKey: ['account-preview', uri],
    queryFn: () => previewUri(uri),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    meta: { handles: [422] },
  });
}

/**
 * The server caps comma-separated id lists at 100 items: larger selections are sent in batches.
 */
function idBatches(ids: readonly number[]): string[] {
  const batches: string[] = [];
  for (let index = 0; index < ids.length; index += 100) batches.push(ids.slice(index, index + 100).join(','));
  return batches;
}

export function createAccount(body: CreateAccountBody) {
  return unwrap(api.POST('/api/v1/twofaccounts', { body }));
}

export function updateAccount(id: number, body: AccountParams) {
  return unwrap(api.PUT('/api/v1/twofaccounts/{id}', { params: { path: { id } }, body }));
}

export function setFavorite(id: number, favorite: boolean) {
  return unwrap(
    api.PUT('/api/v1/twofaccounts/{id}/favorite', { params: { path: { id } }, body: { favorite } }),
  );
}

/** Stored accounts with this type and secret (the answer never carries a secret). */
export function findDuplicates(otpType: string, secret: string) {
  return unwrap(api.POST('/api/v1/twofaccounts/duplicates', { body: { otp_type: otpType, secret } }));
}

export async function deleteAccounts(ids: readonly number[]): Promise<void> {
  for (const batch of idBatches(ids)) {
    await unwrap(api.DELETE('/api/v1/twofaccounts', { params: { query: { ids: batch } } }));
  }
}

/** Moves accounts into a group, or out of any group (id 0 = no group). */
export async function moveToGroup(ids: readonly number[], groupId: number): Promise<void> {
  if (groupId > 0) {
    await unwrap(
      api.POST('/api/v1/groups/{id}/assign', { params: { path: { id: groupId } }, body: { ids: [...ids] } }),
    );
    return;
  }
  for (const batch of idBatches(ids)) {
    await unwrap(api.PATCH('/api/v1/twofaccounts/withdraw', { params: { query: { ids: batch } } }));
  }
}

export function saveOrder(orderedIds: readonly number[]) {
  return unwrap(api.POST('/api/v1/twofaccounts/reorder', { body: { orderedIds: [...orderedIds] } }));
}

/** The accounts of a Google Authenticator migration URI, not yet stored. */
export function importMigrationUri(uri: string) {
  return unwrap(api.POST('/api/v1/twofaccounts/import', { body: { uri } }));
}

/** The text of the QR code in an image, read by the server. */
export function decodeQrFile(file: Blob): Promise<string> {
  return unwrap(
    api.POST('/api/v1/qrcode/decode', {
      body: { qrcode: file, inputFormat: 'fileUpload' },
      bodySerializer: (body) => formData(body as Record<string, Blob | string>),
    }),
  ).then((response) => response.data);
}

/** Multipart bodies (QR decode, icon upload, migration file) go as FormData. */
export function formData(parts: Record<string, Blob | string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(parts)) data.append(name, value);
  return data;
}
