import type { Deps } from '../shared/deps.js';
import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import type { ImageExt } from '../images/image-type.js';
import { offlineLogo } from './logos.js';
import { safeFetch } from './safe-fetch.js';

const LOGO_MAX_BYTES = 1024 * 1024;
/** Icons uploaded or fetched but never saved on an account are purged after this long. */
export const PENDING_ICON_TTL_MS = 60 * 60 * 1000;
/**
 * At most this many icons await an account; each new one purges the oldest beyond it. Above the
 * icons of a large import, and it bounds the disk an authenticated client can fill with uploads or
 * logo fetches to this many files (each under the upload limit), whatever the request rate.
 */
export const MAX_PENDING_ICONS = 1000;

export type IconCollection = 'selfh' | 'dashboardicons' | 'tfa';
export type IconVariant = 'regular' | 'light' | 'dark';

/** Stores image bytes as a new icon awaiting an account; undefined when they are not an accepted image. */
export async function storePendingIcon(
  deps: Deps,
  bytes: Buffer,
  allowed?: readonly ImageExt[],
): Promise<string | undefined> {
  const name = await deps.icons.store(bytes, allowed);
  if (name) {
    const now = deps.clock.now();
    await deps.db
      .insertInto('pending_icons')
      .values({ filename: name, created_at: now })
      .onConflict((oc) => oc.column('filename').doNothing())
      .execute();
    await purgePendingIcons(deps);
  }
  return name;
}

/** An icon now belongs to an account: no longer a purge candidate. */
export async function claimIcon(db: Executor, name: string | null): Promise<void> {
  if (name) await db.deleteFrom('pending_icons').where('filename', '=', name).execute();
}

/** Deletes an icon file unless an account still uses it. */
export async function releaseIcon(deps: Deps, name: string | null): Promise<void> {
  if (!name) return;
  const used = await deps.db
    .selectFrom('twofaccounts')
    .select('id')
    .where('icon', '=', name)
    .executeTakeFirst();
  if (used) return;
  await deps.db.deleteFrom('pending_icons').where('filename', '=', name).execute();
  await deps.icons.remove(name);
}

/**
 * Housekeeping, on a schedule and after each stored icon: pending icons older than
 * PENDING_ICON_TTL_MS, or beyond the newest MAX_PENDING_ICONS, that no account uses are removed.
 */
export async function purgePendingIcons(deps: Deps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - PENDING_ICON_TTL_MS);
  const stale = await deps.db
    .selectFrom('pending_icons')
    .select('filename')
    .where((eb) =>
      eb.or([
        eb('created_at', '<', cutoff),
        eb(
          'filename',
          'not in',
          eb
            .selectFrom('pending_icons as newest')
            .select('newest.filename')
            .orderBy('newest.created_at', 'desc')
            .orderBy('newest.filename')
            .limit(MAX_PENDING_ICONS),
        ),
      ]),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('twofaccounts')
            .select('id')
            .whereRef('twofaccounts.icon', '=', 'pending_icons.filename'),
        ),
      ),
    )
    .execute();
  for (const { filename } of stale) {
    await deps.icons.remove(filename);
    await deps.db.deleteFrom('pending_icons').where('filename', '=', filename).execute();
  }
  // Rows of icons that were saved on an account meanwhile are no longer pending.
  await deps.db
    .deleteFrom('pending_icons')
    .where('created_at', '<', cutoff)
    .where(sql<boolean>`filename in (select icon from twofaccounts where icon is not null)`)
    .execute();
  return stale.length;
}

/** 2FAuth's slug rule for CDN collections: runs of other characters become `-`. */
function cdnSlug(service: string): string {
  return service
    .toLowerCase()
    .replace(/[^0-9a-z]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

let tfaIndex: { loadedAt: number; domains: Map<string, string> } | undefined;

async function tfaDomain(service: string, now: number, proxy?: string): Promise<string | undefined> {
  if (!tfaIndex || now - tfaIndex.loadedAt > 24 * 3600 * 1000) {
    const body = await safeFetch('https://2fa.directory/api/v3/tfa.json', {
      maxBytes: 16 * 1024 * 1024,
      proxy,
    });
    if (!body) return undefined;
    const domains = new Map<string, string>();
    try {
      const entries = JSON.parse(body.toString('utf8')) as unknown;
      if (Array.isArray(entries)) {
        for (const entry of entries) {
          if (Array.isArray(entry) && typeof entry[0] === 'string') {
            const info = entry[1] as { domain?: unknown } | undefined;
            if (info && typeof info.domain === 'string') domains.set(entry[0].toLowerCase(), info.domain);
          }
        }
      }
    } catch {
      return undefined;
    }
    tfaIndex = { loadedAt: now, domains };
  }
  return tfaIndex.domains.get(service.toLowerCase().replace(/\+/g, 'plus'));
}

async function onlineLogo(
  service: string,
  collection: IconCollection,
  variant: IconVariant,
  strict: boolean,
  now: number,
  proxy?: string,
): Promise<Buffer | undefined> {
  if (collection === 'tfa') {
    const domain = await tfaDomain(service, now, proxy);
    if (!domain) return undefined;
    const url = `https://raw.githubusercontent.com/2factorauth/twofactorauth/master/img/${domain[0]}/${domain}.svg`;
    return safeFetch(url, { maxBytes: LOGO_MAX_BYTES, proxy });
  }
  const repo = collection === 'selfh' ? 'selfhst/icons' : 'homarr-labs/dashboard-icons';
  const slug = cdnSlug(service);
  if (slug === '') return undefined;
  const variants = variant === 'regular' || strict ? [variant] : [variant, 'regular'];
  for (const v of variants) {
    for (const ext of ['svg', 'png']) {
      const suffix = v === 'regular' ? '' : `-${v}`;
      const body = await safeFetch(`https://cdn.jsdelivr.net/gh/${repo}/${ext}/${slug}${suffix}.${ext}`, {
        maxBytes: LOGO_MAX_BYTES,
        proxy,
      });
      if (body) return body;
    }
  }
  return undefined;
}

/**
 * An official logo for a service: the online collections first when the operator
 * enabled them (ONLINE_LOGO_PROVIDERS), then the bundled simple-icons set. Stored as a pending icon.
 */
export async function fetchOfficialLogo(
  deps: Deps,
  service: string,
  options: { collection: IconCollection; variant: IconVariant; strict: boolean },
): Promise<string | undefined> {
  const name = service.replace(/<[^>]*>/g, '').trim();
  if (name === '') return undefined;
  try {
    if (deps.config.ONLINE_LOGO_PROVIDERS) {
      const online = await onlineLogo(
        name,
        options.collection,
        options.variant,
        options.strict,
        Date.now(),
        deps.config.PROXY_FOR_OUTGOING_REQUESTS,
      );
      if (online) {
        const stored = await storePendingIcon(deps, online, ['png', 'svg']);
        if (stored) return stored;
      }
    }
    const offline = await offlineLogo(name);
    return offline ? await storePendingIcon(deps, offline, ['svg']) : undefined;
  } catch (error) {
    deps.log.warn({ err: error }, 'logo fetch failed');
    return undefined;
  }
}

/** The otpauth `image=` logo: untrusted, fetched only when BLOCK_OPTAUTH_IMAGELINK_FETCHING is false. */
export async function fetchImageLink(deps: Deps, url: string | null): Promise<string | undefined> {
  if (!url || deps.config.BLOCK_OPTAUTH_IMAGELINK_FETCHING) return undefined;
  try {
    const body = await safeFetch(url, {
      maxBytes: LOGO_MAX_BYTES,
      proxy: deps.config.PROXY_FOR_OUTGOING_REQUESTS,
    });
    return body ? await storePendingIcon(deps, body, ['png', 'jpg', 'bmp', 'svg', 'webp']) : undefined;
  } catch {
    return undefined;
  }
}
