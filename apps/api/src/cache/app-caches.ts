/*
 * In-process read caches of the request hot path (docs/architecture/api-server.md "Caches"). Twofold runs as one
 * process per database, so every write is the app's own: the app's Kysely instance drops the scopes
 * a statement writes (cache/invalidate-on-write.ts), and no cached fact ever expires by time. Reads
 * take a ticket (the scope's generation) before they query and store their result only if no
 * invalidation happened meanwhile, so a read racing a write never caches what the write replaced.
 */

import type { TokenScope } from '../http/token-scopes.js';

export const CACHE_SCOPES = ['tokens', 'user', 'settings', 'accounts', 'extras'] as const;
export type CacheScope = (typeof CACHE_SCOPES)[number];

/** A token that is neither revoked nor deleted; its expiry is checked against the clock on every hit. */
export interface CachedToken {
  readonly id: string;
  readonly expiresAt: number;
  /** What the token may do (`codes`, `read`, `full`). */
  readonly scope: TokenScope;
}

/**
 * A typed place in the caches for one fact of a feature (the decrypted accounts, the native
 * settings). The feature that computes the value owns its slot, so this module knows no feature's
 * types; the slot's scope says which writes drop it.
 */
export interface CacheSlot<T> {
  readonly scope: CacheScope;
  readonly name: string;
  /** Carries T for type checking only; never set. */
  readonly valueType?: T;
}

export function cacheSlot<T>(scope: CacheScope, name: string): CacheSlot<T> {
  return { scope, name };
}

/**
 * Refused token values kept (unknown or revoked), the oldest dropped first: a flood of bad tokens
 * costs one query each only once the bound is passed. Usable tokens are rows of the database, kept
 * without a bound.
 */
const REFUSED_TOKENS = 1024;

export class AppCaches {
  private readonly generations: Record<CacheScope, number> = {
    tokens: 0,
    user: 0,
    settings: 0,
    accounts: 0,
    extras: 0,
  };
  private readonly usableTokens = new Map<string, CachedToken>();
  private readonly refusedTokens = new Set<string>();
  private user: { readonly id: number | undefined } | undefined;
  private readonly slots = new Map<CacheSlot<unknown>, unknown>();

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
      this.dropSlots('settings');
    }
    if (all || scopes.includes('accounts') || scopes.includes('settings')) {
      this.generations.accounts += 1;
      this.dropSlots('accounts');
    }
    // The list's extras (tags, notes, recovery-code counts) outlive a write to the accounts
    // themselves: only their own tables drop them (cache/invalidate-on-write.ts).
    if (all || scopes.includes('extras')) {
      this.generations.extras += 1;
      this.dropSlots('extras');
    }
  }

  private dropSlots(scope: CacheScope): void {
    for (const slot of this.slots.keys()) if (slot.scope === scope) this.slots.delete(slot);
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

  /** The slot's value, undefined when not cached. */
  get<T>(slot: CacheSlot<T>): T | undefined {
    return this.slots.get(slot) as T | undefined;
  }

  /** Keeps `value` in its slot if no write to the slot's scope happened since `ticket` was taken. */
  store<T>(slot: CacheSlot<T>, value: T, ticket: number): T {
    if (ticket === this.generations[slot.scope]) this.slots.set(slot, value);
    return value;
  }
}
