import type { RouteApp } from '../http/route-app.js';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { annotate } from '../http/common.schemas.js';
import { AppError, errors, message } from '../http/errors.js';
import { registerRule } from '../http/validation.js';
import { invalid } from '../http/field-errors.js';
import { uploadedFile } from '../http/uploads.js';
import { readNativeSettings } from '../settings/settings.queries.js';
import { IconStoreError, isBareName } from '../images/icon-store.js';
import { mimeOf, sniffImage } from '../images/image-type.js';
import { fetchOfficialLogo, storePendingIcon } from './icons.service.js';
import { iconDigestRoutes } from './icon-digests.js';

const ICON_MAX_BYTES = 5 * 1024 * 1024;

registerRule('no_icon_pack', () => ({ key: 'validation.icon_pack' }));
registerRule('icon_variant', (value, { data }) =>
  data.iconCollection === 'tfa' && value !== 'regular'
    ? { key: 'validation.in', params: { attribute: 'variant' } }
    : undefined,
);

/**
 * A 200 whose body is an image, binary, in each of these media types: so the spec (and the SDK)
 * says what the route really sends, where a bare schema would be declared as JSON.
 */
const imageResponse = (mediaTypes: readonly string[], description: string) => ({
  description,
  content: Object.fromEntries(
    mediaTypes.map((type) => [
      type,
      { schema: Type.Unsafe<Buffer | string>({ type: 'string', format: 'binary', description }) },
    ]),
  ),
});

const uploadFailed = (cause: unknown) =>
  new AppError('server_error', message('error.file_upload_failed'), { cause });

export const iconsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  uploadRoutes(app);
  iconFileRoutes(app);
  iconDigestRoutes(app);
};

/** Uploading an icon and fetching an official logo. */
function uploadRoutes(app: RouteApp): void {
  app.post(
    '/api/v1/icons',
    {
      config: { auth: 'api' },
      schema: {
        tags: ['icons'],
        operationId: 'uploadIcon',
        summary: 'Upload an icon (jpeg, png, bmp, gif, svg or webp, judged from the content; 5 MiB max)',
        consumes: ['multipart/form-data'],
        body: Type.Object({ icon: Type.Unknown({ description: 'The image file', format: 'binary' }) }),
        response: { 201: Type.Object({ filename: Type.String() }) },
      },
    },
    async (request, reply) => {
      const bytes = uploadedFile(request.body.icon, 'icon', 'validation.image');
      if (bytes.length > ICON_MAX_BYTES) {
        throw invalid('icon', 'validation.max.file', { max: ICON_MAX_BYTES / 1024 });
      }
      if (!sniffImage(bytes)) throw invalid('icon', 'validation.image_format');
      let filename: string | undefined;
      try {
        filename = await storePendingIcon(app.deps, bytes);
      } catch (error) {
        if (error instanceof IconStoreError) throw uploadFailed(error);
        throw error;
      }
      if (!filename) throw invalid('icon', 'validation.image_format');
      return reply.code(201).send({ filename });
    },
  );

  app.post(
    '/api/v1/icons/default',
    {
      config: { auth: 'api' },
      schema: {
        tags: ['icons'],
        operationId: 'fetchDefaultIcon',
        summary: 'Find the official logo of a service: 201 with the new file, 204 when there is none',
        body: Type.Object({
          service: Type.String({ maxLength: 255 }),
          iconCollection: Type.Optional(
            Type.Union([
              Type.Literal('selfh'),
              Type.Literal('dashboardicons'),
              Type.Literal('tfa'),
              Type.Null(),
            ]),
          ),
          variant: Type.Optional(
            Type.Union(
              [Type.Literal('regular'), Type.Literal('light'), Type.Literal('dark'), Type.Null()],
              annotate({ 'x-rules': ['icon_variant'] }),
            ),
          ),
          iconPack: Type.Optional(Type.Unknown(annotate({ 'x-rules': ['no_icon_pack'] }))),
        }),
        response: {
          201: Type.Object({ filename: Type.String() }),
          204: Type.Null({ description: 'No logo found' }),
        },
      },
    },
    async (request, reply) => {
      const settings = await readNativeSettings(app.deps.db);
      const filename = await fetchOfficialLogo(app.deps, request.body.service, {
        collection: request.body.iconCollection ?? settings.iconCollection,
        variant: request.body.variant ?? 'regular',
        strict: settings.iconVariantStrictFetch,
      });
      if (!filename) return reply.code(204).send(null);
      return reply.code(201).send({ filename });
    },
  );
}

/** A neutral key on a grey disc: readable on light and dark backgrounds alike. */
const NO_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="No icon">' +
  '<circle cx="32" cy="32" r="30" fill="#8a8f98"/>' +
  '<circle cx="24" cy="32" r="9" fill="none" stroke="#fff" stroke-width="5"/>' +
  '<path d="M33 32h18M45 32v7M51 32v5" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round"/>' +
  '</svg>';

/** Icon packs, deleting an icon and serving icon files. */
function iconFileRoutes(app: RouteApp): void {
  app.get(
    '/api/v1/icons/packs',
    {
      config: { auth: 'api' },
      schema: {
        tags: ['icons'],
        operationId: 'listIconPacks',
        summary: 'Icon packs (not supported: always empty)',
        response: {
          200: Type.Array(Type.Object({ name: Type.String({ description: 'The pack name' }) }), {
            description: 'Installed icon packs (none: the feature is disabled)',
          }),
        },
      },
    },
    async () => [],
  );

  app.delete(
    '/api/v1/icons/:filename',
    {
      config: { auth: 'api' },
      schema: {
        tags: ['icons'],
        operationId: 'deleteIcon',
        summary: 'Delete an icon file; accounts using it lose their icon (204 in every case)',
        params: Type.Object({ filename: Type.String() }),
        response: { 204: Type.Null({ description: 'Done' }) },
      },
    },
    async (request, reply) => {
      const { filename } = request.params;
      if (isBareName(filename) && (await app.deps.icons.confirm(filename))) {
        await app.deps.db
          .updateTable('twofaccounts')
          .set({ icon: null })
          .where('icon', '=', filename)
          .execute();
        await app.deps.db.deleteFrom('pending_icons').where('filename', '=', filename).execute();
        await app.deps.icons.remove(filename);
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/storage/noicon.svg',
    {
      schema: {
        tags: ['icons'],
        operationId: 'getNoIcon',
        summary: 'The placeholder image that 2FAuth clients show for an account without an icon',
        response: { 200: imageResponse(['image/svg+xml'], 'An SVG image') },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(NO_ICON_SVG),
  );

  app.get(
    '/storage/icons/:filename',
    {
      schema: {
        tags: ['icons'],
        operationId: 'getIconFile',
        summary: 'An icon file (public: names are unguessable)',
        params: Type.Object({ filename: Type.String() }),
        // Every type the icon store holds, by the content it sniffed (images/image-type.ts).
        response: { 200: imageResponse([...new Set(Object.values(mimeOf))], 'The image') },
      },
    },
    async (request, reply) => {
      const icon = await app.deps.icons.read(request.params.filename);
      if (!icon) throw errors.notFound();
      reply
        .header('content-type', icon.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff');
      if (icon.mime === 'image/svg+xml') {
        reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      }
      return reply.send(icon.bytes);
    },
  );
}
