import type { AccountView } from '../accounts/accounts.mapper.js';
import type { NativeSettings } from '../settings/settings.definitions.js';

/*
 * In-process read caches of the request hot path (ARCHITECTURE.md "Caches"). Twofold runs as one
 * process per database, so every write is the app's own: the app's Kysely instance drops the scopes
 * a statement writes (cache/invalidate-on-write.ts), and no cached fact ever expires by time. Reads
 * take a ticket (the scope's generation) before they query and store their result only if no
 * invalidation happened meanwhile, so a read racing a write never caches what the write replaced.
 */

export const CACHE_SCOPES = ['tokens', 'user', 'settings', 'accounts'] as const;
export type CacheScope = (typeof CACHE_SCOPES)[number];

/** A token that is neither revoked nor deleted; its expiry is checked against the clock on every hit. */
export interface CachedToken {
  readonly id: string;
  readonly expiresAt: number;
}

/** Every account decrypted (manual order), by id, and serialised list answers. */
export interface AccountsSnapshot {
  readonly views: readonly AccountView[];
  readonly byId: ReadonlyMap<number, AccountView>;
  readonly lists: Map<string, string>;
}

/**
 * Refused token values kept (unknown or revoked), the oldest dropped first: a flood of bad tokens
 * costs one query each only once the bound is passed. Usable tokens are rows of the database, kept
 * without a bound.
 */
const REFUSED_TOKENS = 1024;
/** Serialised list answers kept per snapshot. */
export const LIST_ENTRIES = 16;

export class AppCaches {
  private readonly generations: Record<CacheScope, number> = { tokens: 0, user: 0, settings: 0, accounts: 0 };
  private readonly usableTokens = new Map<string, CachedToken>();
  private readonly refusedTokens = new Set<string>();
  private user: { readonly id: number | undefined } | undefined;
  private settings: Readonly<NativeSettings> | undefined;
  private accountsSnapshot: AccountsSnapshot | undefined;

  /** The ticket a read takes before querying. */
  ticket(scope: CacheScope): number {
    return this.generations[scope];
  }

  /**
   * Drops the scopes' cached values (all scopes when none is named). Settings carry
   * `useEncryption`, so they take the accounts with them.
   */
  invalidate(...scopes: CacheScope[]): void {
    const all = scopes.length === 0;
    if (all || scopes.includes('tokens')) {
      this.generations.tokens += 1;
      this.usableTokens.clear();
      this.refusedTokens.clear();
    }
    if (all || scopes.includes('user')) {
      this.generations.user += 1;
      this.user = undefined;
    }
    if (all || scopes.includes('settings')) {
      this.generations.settings += 1;
      this.settings = undefined;
    }
    if (all || scopes.includes('accounts') || scopes.includes('settings')) {
      this.generations.accounts += 1;
      this.accountsSnapshot = undefined;
    }
  }

  /** Everything (tests that write straight into the database). */
  clear(): void {
    this.invalidate();
  }

  /** undefined = not cached; null = known not usable (unknown or revoked). */
  token(hash: string): CachedToken | null | undefined {
    return this.usableTokens.get(hash) ?? (this.refusedTokens.has(hash) ? null : undefined);
  }

  storeToken(hash: string, token: CachedToken | null, ticket: number): void {
    if (ticket !== this.generations.tokens) return;
    if (token) {
      this.usableTokens.set(hash, token);
      return;
    }
    this.refusedTokens.add(hash);
    if (this.refusedTokens.size > REFUSED_TOKENS) {
      this.refusedTokens.delete(this.refusedTokens.values().next().value!);
    }
  }

  userId(): { readonly id: number | undefined } | undefined {
    return this.user;
  }

  storeUserId(id: number | undefined, ticket: number): void {
    if (ticket === this.generations.user) this.user = { id };
  }

  nativeSettings(): Readonly<NativeSettings> | undefined {
    return this.settings;
  }

  storeNativeSettings(settings: Readonly<NativeSettings>, ticket: number): void {
    if (ticket === this.generations.settings) this.settings = settings;
  }

  accounts(): AccountsSnapshot | undefined {
    return this.accountsSnapshot;
  }

  /** The snapshot built from `views`, kept if still current. */
  storeAccounts(views: readonly AccountView[], ticket: number): AccountsSnapshot {
    const snapshot: AccountsSnapshot = {
      views,
      byId: new Map(views.map((view) => [view.id, view])),
      lists: new Map(),
    };
    if (ticket === this.generations.accounts) this.accountsSnapshot = snapshot;
    return snapshot;
  }
}
