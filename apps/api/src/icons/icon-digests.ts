import { createHmac } from 'node:crypto';
import { Type } from '@fastify/type-provider-typebox';
import { activeAccounts } from '../db/active-accounts.js';
import type { Executor } from '../db/database.js';
import type { RouteApp } from '../http/route-app.js';
import type { IconStore } from '../images/icon-store.js';

/*
 * Each account's icon named by its content (Twofold's own route, for the device copy): two
 * accounts whose icon files hold the same image get the same digest, so a client keeps one image
 * for both and fetches only the images it does not hold yet. The digest is keyed with the app key:
 * a plain hash of a public logo would name the service to whoever reads a device's storage.
 */

/** An icon file never changes under its name (random, written once): its digest is kept by name. */
const digestsByStore = new WeakMap<IconStore, Map<string, string>>();

function digestOf(key: Buffer, bytes: Buffer): string {
  return createHmac('sha256', key).update('icon-digest\0').update(bytes).digest('hex').slice(0, 32);
}

/** The digests of the icons that the accounts (not those in the trash) use, by file name. */
export async function iconDigests(
  db: Executor,
  icons: IconStore,
  key: Buffer,
): Promise<Record<string, string>> {
  const rows = await activeAccounts(db).select('icon').distinct().where('icon', 'is not', null).execute();
  let known = digestsByStore.get(icons);
  if (!known) digestsByStore.set(icons, (known = new Map<string, string>()));
  const out: Record<string, string> = {};
  for (const { icon } of rows) {
    if (!icon) continue;
    let digest = known.get(icon);
    if (digest === undefined) {
      const file = await icons.read(icon);
      if (!file) continue; // a missing file has no image to name
      digest = digestOf(key, file.bytes);
      known.set(icon, digest);
    }
    out[icon] = digest;
  }
  return out;
}

export const IconDigestsResponse = Type.Object(
  {
    digests: Type.Record(Type.String(), Type.String({ pattern: '^[0-9a-f]{32}$' }), {
      description:
        'By icon file name (as accounts name it): a digest of its image, the same for the same image',
    }),
  },
  { title: 'IconDigests' },
);

/** `GET /api/v1/icons/digests`. */
export function iconDigestRoutes(app: RouteApp): void {
  app.get(
    '/api/v1/icons/digests',
    {
      config: { auth: 'api' },
      schema: {
        tags: ['icons'],
        operationId: 'listIconDigests',
        summary:
          "The accounts' icons named by their content (Twofold's own): the same image, the same digest",
        response: { 200: IconDigestsResponse },
      },
    },
    async () => ({ digests: await iconDigests(app.deps.db, app.deps.icons, app.deps.keys.current) }),
  );
}
