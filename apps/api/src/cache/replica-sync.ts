import pg from 'pg';
import { CACHE_CHANNEL } from '../db/migrations/0004_cache_notify.js';
import { scopesOf, type Invalidates, type WriteKind } from './invalidate-on-write.js';

/*
 * Several replicas on one PostgreSQL. Each replica keeps its own in-memory caches, and a write made
 * by another replica would leave them stale. Every write statement on a cached table notifies
 * `twofold_cache` at its commit (a trigger, migration 0004); each replica listens on one dedicated
 * connection and drops the scopes the table feeds, as its own writes do.
 *
 * Without that connection a replica cannot hear other replicas' writes: when it is lost, every
 * cache is dropped at once and again every DROP_WHILE_DEAF_MS until LISTEN is back (then once
 * more), so a stale value lives at most that long; reconnection backs off exponentially and never
 * ends the process. A silently dead connection is found by a ping every PING_MS.
 */

const DROP_WHILE_DEAF_MS = 250;
const PING_MS = 5_000;
/** The listening connection's name in pg_stat_activity. */
export const SYNC_APPLICATION = 'twofold-cache-sync';

export interface ReplicaSyncOptions {
  readonly url: string;
  readonly caches: Invalidates;
  readonly log: { info(message: string): void; warn(message: string): void };
  /**
   * The icons' names in memory (images/icon-store.ts, DatabaseIconStore): told of each icon another
   * replica stores or removes, and read again once listening (what was missed meanwhile).
   */
  readonly icons?: { heard(operation: string, name: string): void; reload(): Promise<void> };
  /** First and longest wait between reconnection attempts. */
  readonly backoff?: { readonly initialMs: number; readonly maxMs: number };
}

export interface ReplicaSync {
  /** True while LISTEN is active. */
  readonly listening: boolean;
  stop(): Promise<void>;
}

const KINDS: Readonly<Record<string, WriteKind>> = {
  insert: 'insert',
  update: 'update',
  delete: 'delete',
  truncate: 'delete',
};

/** Drops the scopes a `<table>:<operation>` notification names. */
export function applyNotification(caches: Invalidates, payload: string | undefined): void {
  const [table = '', operation = ''] = (payload ?? '').split(':');
  const kind = KINDS[operation];
  const scopes = kind ? scopesOf(table, kind) : [];
  if (scopes.length > 0) caches.invalidate(...scopes);
}

/** Without a code, a pg error message (never the connection string) is enough to log. */
const reasonOf = (error: unknown) =>
  error instanceof Error ? ((error as { code?: string }).code ?? error.message) : 'connection ended';

/** `icon_files:<operation>:<name>` (migration 0024) goes to the icon store; nothing else does. */
function applyIconNotification(icons: ReplicaSyncOptions['icons'], payload: string | undefined): void {
  const [table, operation = '', name = ''] = (payload ?? '').split(':');
  if (table === 'icon_files') icons?.heard(operation, name);
}

export function startReplicaSync(options: ReplicaSyncOptions): ReplicaSync {
  const { url, caches, log, icons } = options;
  const { initialMs, maxMs } = options.backoff ?? { initialMs: 250, maxMs: 10_000 };
  let stopped = false;
  let client: pg.Client | undefined;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;
  let ping: NodeJS.Timeout | undefined;
  let deaf: NodeJS.Timeout | undefined;
  const gone = new WeakSet<pg.Client>();

  const goDeaf = () => {
    caches.invalidate();
    deaf ??= setInterval(() => caches.invalidate(), DROP_WHILE_DEAF_MS);
    deaf.unref();
  };

  const lost = (lostClient: pg.Client, error?: unknown) => {
    if (gone.has(lostClient)) return;
    gone.add(lostClient);
    lostClient.removeAllListeners('notification');
    lostClient.on('error', () => {});
    void lostClient.end().catch(() => {});
    if (client === lostClient) client = undefined;
    clearInterval(ping);
    if (stopped) return;
    goDeaf();
    const wait = Math.min(maxMs, initialMs * 2 ** attempt) * (0.75 + Math.random() / 2);
    attempt += 1;
    log.warn(
      `cache sync: listening connection lost (${reasonOf(error)}); caches dropped, retrying in ${Math.round(wait)} ms`,
    );
    retry = setTimeout(() => void connect(), wait);
    retry.unref();
  };

  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      application_name: SYNC_APPLICATION,
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel !== CACHE_CHANNEL) return;
      applyNotification(caches, message.payload);
      applyIconNotification(icons, message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CACHE_CHANNEL}`);
    } catch (error) {
      lost(next, error);
      return;
    }
    if (stopped || gone.has(next)) {
      void next.end().catch(() => {});
      return;
    }
    client = next;
    // What other replicas wrote while this one was deaf, or before it listened.
    caches.invalidate();
    icons
      ?.reload()
      .catch((error: unknown) => log.warn(`icon names could not be read again (${reasonOf(error)})`));
    clearInterval(deaf);
    deaf = undefined;
    if (attempt > 0) log.info('cache sync: listening again');
    attempt = 0;
    ping = setInterval(() => {
      next.query('select 1').catch((error: unknown) => lost(next, error));
    }, PING_MS);
    ping.unref();
  };

  // Until LISTEN is active, nothing cached can be trusted to hear other replicas.
  goDeaf();
  void connect();

  return {
    get listening() {
      return client !== undefined;
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(ping);
      clearInterval(deaf);
      const current = client;
      client = undefined;
      if (current) {
        gone.add(current);
        await current.end().catch(() => {});
      }
    },
  };
}
