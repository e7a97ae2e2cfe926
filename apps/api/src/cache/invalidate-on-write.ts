import type {
  Kysely,
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { DB } from '../db/schema.js';
import { CACHE_SCOPES, type CacheScope } from './app-caches.js';

/** What the plugin drops: the app's caches, or (tests) whichever app is running. */
export interface Invalidates {
  invalidate(...scopes: CacheScope[]): void;
}

export type WriteKind = 'insert' | 'update' | 'delete';

/**
 * The cached scopes each table feeds. A user's deletion takes every scope with it (the whole
 * install goes); settings carry `useEncryption`, so AppCaches drops the accounts with them; a
 * group's deletion moves its accounts to no group (`ON DELETE SET NULL`). Tags, notes and
 * recovery codes feed the list's extras (`withExtras`): their own scope, which a write to the accounts
 * alone leaves in place.
 */
const NONE: readonly CacheScope[] = [];

/**
 * The table of the above. It names every table of the schema (`satisfies Record<keyof DB, …>`): a
 * new table fails to compile until it is classified here, so a table that feeds a cache cannot be
 * forgotten and serve stale data. Tables that feed no cache say so with NONE.
 */
const TABLE_SCOPES = {
  twofaccounts: ['accounts'],
  groups: ['accounts'],
  tags: ['accounts', 'extras'],
  account_tags: ['accounts', 'extras'],
  account_notes: ['accounts', 'extras'],
  recovery_codes: ['accounts', 'extras'],
  account_websites: ['accounts', 'extras'],
  settings: ['settings'],
  personal_access_tokens: ['tokens'],
  users: (kind) => (kind === 'delete' ? CACHE_SCOPES : ['user']),
  alert_channels: NONE,
  alert_kinds: NONE,
  alert_push_subscriptions: NONE,
  alert_seen_devices: NONE,
  alert_vapid_keys: NONE,
  auth_log: NONE,
  auth_tokens: NONE,
  backup_settings: NONE,
  backup_destinations: NONE,
  device_copies: NONE,
  device_authorizations: NONE,
  idempotency_keys: NONE,
  login_throttles: NONE,
  oidc_identities: NONE,
  otp_log: NONE,
  code_views: NONE,
  account_tombstones: NONE,
  account_change_feed: NONE,
  pending_icons: NONE,
  icon_files: NONE,
  mail_outbox: NONE,
  sessions: NONE,
  webauthn_credentials: NONE,
} satisfies Record<keyof DB, readonly CacheScope[] | ((kind: WriteKind) => readonly CacheScope[])>;

/** The cache scopes a write of `kind` to `table` drops (TABLE_SCOPES). */
export function scopesOf(table: string, kind: WriteKind): readonly CacheScope[] {
  if (!Object.hasOwn(TABLE_SCOPES, table)) return NONE; // not a table of the schema (a CTE's name)
  const scopes = TABLE_SCOPES[table as keyof DB];
  return typeof scopes === 'function' ? scopes(kind) : scopes;
}

const WRITE_NODES: Readonly<Record<string, WriteKind>> = {
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
  MergeQueryNode: 'update',
};

/** Every table a write statement names (targets, CTEs and subqueries alike: more is only slower). */
function writtenScopes(root: RootOperationNode): Set<CacheScope> {
  const scopes = new Set<CacheScope>();
  if (root.kind === 'RawNode') {
    // Hand-written SQL cannot be read table by table: anything but a select drops everything.
    const text = root.sqlFragments.join(' ').trimStart();
    if (!/^(select|with\s)/i.test(text) || /\b(insert|update|delete|merge|truncate)\b/i.test(text)) {
      for (const scope of CACHE_SCOPES) scopes.add(scope);
    }
    return scopes;
  }
  let kind: WriteKind | undefined = WRITE_NODES[root.kind];
  const tables: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const operation = node as OperationNode;
    if (operation.kind === 'TableNode') {
      tables.push((node as { table: { identifier: { name: string } } }).table.identifier.name);
      return;
    }
    kind ??= WRITE_NODES[operation.kind];
    for (const value of Object.values(node)) visit(value);
  };
  // A select writes only through a data-modifying CTE.
  if (root.kind === 'SelectQueryNode' && !root.with) return scopes;
  visit(root);
  if (kind === undefined) return scopes;
  for (const table of tables) for (const scope of scopesOf(table, kind)) scopes.add(scope);
  return scopes;
}

/**
 * Cache invalidation where the writes happen: every insert, update, delete or merge on a cached
 * table drops the scopes it feeds, before the statement runs and again once it has. Inside a
 * transaction the rows change for other readers only at the commit, so a reader may still cache
 * the old rows after the statement; the scopes are dropped once more when the transaction ends
 * (see `invalidatingDatabase`). Reads keep their tickets (AppCaches): a read that raced any of
 * these drops stores nothing.
 */
export class InvalidateOnWrite implements KyselyPlugin {
  private readonly pending = new WeakMap<object, Set<CacheScope>>();
  private openTransactions = 0;
  private readonly writtenInTransactions = new Set<CacheScope>();

  constructor(private readonly caches: Invalidates) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const scopes = writtenScopes(args.node);
    if (scopes.size > 0) {
      this.pending.set(args.queryId, scopes);
      this.drop(scopes);
    }
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const scopes = this.pending.get(args.queryId);
    if (scopes) this.drop(scopes);
    return Promise.resolve(args.result);
  }

  /** Runs a transaction; what it wrote is dropped again once it has committed or rolled back. */
  async aroundTransaction<T>(run: () => Promise<T>): Promise<T> {
    this.openTransactions += 1;
    try {
      return await run();
    } finally {
      this.openTransactions -= 1;
      const written = [...this.writtenInTransactions];
      if (this.openTransactions === 0) this.writtenInTransactions.clear();
      if (written.length > 0) this.caches.invalidate(...written);
    }
  }

  private drop(scopes: Set<CacheScope>): void {
    if (this.openTransactions > 0) for (const scope of scopes) this.writtenInTransactions.add(scope);
    this.caches.invalidate(...scopes);
  }
}

/**
 * `db` with the plugin, whose transactions (`db.transaction().execute(...)`) report their end to it.
 * Kysely runs BEGIN and COMMIT outside the plugin chain, hence the wrapper around the builder.
 */
export function invalidatingDatabase(db: Kysely<DB>, caches: Invalidates): Kysely<DB> {
  const plugin = new InvalidateOnWrite(caches);
  const inner = db.withPlugin(plugin);
  const wrapBuilder = <B extends object>(builder: B): B =>
    new Proxy(builder, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        if (property === 'execute') {
          return (callback: unknown) =>
            plugin.aroundTransaction(() =>
              (value as (cb: unknown) => Promise<unknown>).call(target, callback),
            );
        }
        // setIsolationLevel, setAccessMode: a new builder, wrapped in turn.
        return (...args: unknown[]) => {
          const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
          return typeof result === 'object' && result !== null ? wrapBuilder(result) : result;
        };
      },
    });
  return new Proxy(inner, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (property === 'transaction') return () => wrapBuilder(target.transaction());
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
