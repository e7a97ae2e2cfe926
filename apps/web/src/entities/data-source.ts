import type { ResponseOf } from '@twofold/contract';

/** An account of the list (the list is asked whole: never the paginated envelope). */
export type Account = Extract<ResponseOf<'/api/v1/twofaccounts', 'get'>, unknown[]>[number];
/** One account with its secret (the edit form). */
export type AccountDetail = ResponseOf<'/api/v1/twofaccounts/{id}', 'get'>;
export type Otp = ResponseOf<'/api/v1/twofaccounts/{id}/otp', 'get'>;
export type Group = ResponseOf<'/api/v1/groups', 'get'>[number];
export type GroupDetail = ResponseOf<'/api/v1/groups/{id}', 'get'>;
/** One account's note and recovery codes (revealed one account at a time). */
export type AccountRecovery = ResponseOf<'/api/v1/twofaccounts/{id}/recovery', 'get'>;

/**
 * Where the accounts, groups and their codes are read from: the port of the entities. The query
 * factories (`accountsQuery`, `groupsQuery`, `otpQuery`...) read through it and never name the API
 * client, so another source (a copy kept on the device, say) can stand in without a screen
 * changing. Today's is the server (`http-source.ts`), given by `main.tsx`. Writes (create, edit,
 * delete, reorder) still go to the server through the entities' mutations.
 *
 * Each method answers the shapes of the 2FAuth API v1 (the types above), or throws: an `ApiError`
 * for what the global error handling knows (401, 404...), any other error for the error screens.
 */
export interface VaultSource {
  /** The accounts, without their secrets, in the user's order. */
  listAccounts(): Promise<Account[]>;
  /** The accounts with their secrets (codes computed in the page); never kept anywhere. */
  listAccountsWithSecrets(): Promise<Account[]>;
  /** One account with its secret. */
  account(id: number): Promise<AccountDetail>;
  /** The groups with their account counts; the pseudo group 'All' (id 0) first. */
  listGroups(): Promise<Group[]>;
  group(id: number): Promise<GroupDetail>;
  /** The current code of an account (an HOTP code moves its counter on). */
  otp(id: number): Promise<Otp>;
  /**
   * An account's note and recovery codes; null when the source does not hold them (a device copy
   * whose user did not choose to keep them).
   */
  recovery(id: number): Promise<AccountRecovery | null>;
}

let current: VaultSource | undefined;

/** Chooses the source every read goes to; `main.tsx` calls it once, before the first render. */
export function provideVaultSource(source: VaultSource): void {
  current = source;
}

/** The source of the reads (`provideVaultSource`). */
export function vault(): VaultSource {
  if (!current) throw new Error('No data source: main.tsx provides one (provideVaultSource).');
  return current;
}
