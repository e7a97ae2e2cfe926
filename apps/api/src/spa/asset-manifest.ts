import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { errors } from '../http/errors.js';

/** Where the web build writes the manifest of its files, and where the server answers it. */
export const ASSET_MANIFEST_PATH = '/.well-known/twofold-assets.json';

const AssetManifest = Type.Object(
  {
    version: Type.Literal(1),
    files: Type.Array(
      Type.Object({
        path: Type.String({ description: 'Path of the file on this server, e.g. `/assets/index-abc.js`' }),
        sha256: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of its bytes, hex' }),
        bytes: Type.Integer({ minimum: 0 }),
      }),
    ),
  },
  { description: 'Written by the web build; `twofold verify <url>` compares the served files with it' },
);
type AssetManifest = Static<typeof AssetManifest>;

/** The manifest the build wrote beside the web app, or null (no web app, an older build). */
function readManifest(webRoot: string | null): AssetManifest | null {
  if (!webRoot) return null;
  try {
    const parsed = JSON.parse(
      readFileSync(path.join(webRoot, ASSET_MANIFEST_PATH), 'utf8'),
    ) as Partial<AssetManifest>;
    return parsed.version === 1 && Array.isArray(parsed.files) ? (parsed as AssetManifest) : null;
  } catch {
    return null;
  }
}

/**
 * `GET /.well-known/twofold-assets.json`: the path and SHA-256 of every file of the web app this
 * server was built with (written by the web build, read once at start), so that anyone can check
 * that what the server sends is what was built (`twofold verify <url>`). Public, like the files
 * it lists; `no-cache`, so a check always sees the server's current answer. The web app never
 * loads it.
 */
export function registerAssetManifest(app: FastifyInstance, webRoot: string | null): void {
  const manifest = readManifest(webRoot);
  app.get(
    ASSET_MANIFEST_PATH,
    {
      schema: {
        tags: ['app'],
        operationId: 'getAssetManifest',
        summary: "The web app's files and their SHA-256, as built (404 when the server has no web app)",
        response: { 200: AssetManifest },
      },
    },
    async (_request, reply) => {
      if (!manifest) throw errors.notFound();
      reply.header('cache-control', 'no-cache');
      return manifest;
    },
  );
}
