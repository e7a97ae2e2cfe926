import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const compressionThreshold = 1024;

/** The OTP routes answer a few dozen bytes, many times a minute: they skip the hook entirely. */
const uncompressedRoute = /\/otp\/?$/;

/**
 * Compression of the API's larger answers (account lists, exports, the OpenAPI document) with
 * brotli or gzip, as the client's Accept-Encoding asks. A client that sends no Accept-Encoding
 * (2FAuth's own clients, curl) gets the answer unencoded. Brotli runs at quality 4: close to
 * gzip's speed with smaller output, where quality 11 would cost tens of milliseconds per list.
 * The web app's files are not compressed here: the build writes .br/.gz copies that
 * spa/fallbacks.ts serves as they are. Request bodies are never decompressed.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own onRoute hook, which reads `compress` to decide.
  app.addHook('onRoute', (route) => {
    if (uncompressedRoute.test(route.url)) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: compressionThreshold,
    encodings: ['br', 'gzip'],
    // A 256 KiB window (brotli's default is 4 MiB) holds a list of 1,000 accounts whole and bounds
    // each stream's encoder memory: 50 lists compressed at once no longer take hundreds of MB.
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 18 },
    },
    zlibOptions: { level: 6, memLevel: 7 },
  });
}
