import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { invalid } from '../http/field-errors.js';
import { errors } from '../http/errors.js';
import { uploadedFile } from '../http/uploads.js';
import { decodeQrImage } from './qrcode.service.js';

const QR_MAX_BYTES = 10 * 1024 * 1024;

export const qrcodeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/v1/qrcode/decode',
    {
      config: { auth: 'api' },
      schema: {
        tags: ['qrcode'],
        operationId: 'decodeQrCode',
        summary: 'Read the text of a QR code image (returned exactly, never URL-decoded)',
        consumes: ['multipart/form-data'],
        body: Type.Object({
          qrcode: Type.Unknown({ description: 'The image file', format: 'binary' }),
          inputFormat: Type.Optional(Type.Unknown({ description: 'Legacy, ignored' })),
        }),
        response: { 200: Type.Object({ data: Type.String() }) },
      },
    },
    async (request) => {
      const bytes = uploadedFile(request.body.qrcode, 'qrcode', 'validation.image');
      if (bytes.length > QR_MAX_BYTES)
        throw invalid('qrcode', 'validation.max.file', { max: QR_MAX_BYTES / 1024 });
      const result = await decodeQrImage(bytes);
      switch (result.kind) {
        case 'text':
          return { data: result.text };
        case 'not_image':
          throw invalid('qrcode', 'validation.image_format');
        case 'unreadable_image':
          throw invalid('qrcode', 'validation.image');
        case 'no_code':
          throw errors.business('error.qr_not_found');
        case 'empty_code':
          throw errors.business('error.qr_unreadable');
      }
    },
  );
};
