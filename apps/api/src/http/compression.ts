import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const compressionThreshold = 1024;

/** The encodings offered, best first. */
const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

// A 256 KiB window (brotli's default is 4 MiB) holds a list of 1,000 accounts whole and bounds
// each stream's encoder memory: 50 lists compressed at once no longer take hundreds of MB.
const brotliOptions = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 18 },
};
const zlibOptions = { level: 6, memLevel: 7 };

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
    encodings: [...ENCODINGS],
    brotliOptions,
    zlibOptions,
  });
}

/**
 * The encoding the plugin would choose for this request (none without Accept-Encoding, or with
 * `x-no-compression`): for answers kept already compressed, which the plugin then sends as they are.
 */
export function negotiatedEncoding(request: FastifyRequest): Encoding | undefined {
  const header = request.headers['accept-encoding'];
  if (header === undefined || request.headers['x-no-compression'] !== undefined) return undefined;
  // As the plugin reads it: `*` and `x-gzip` stand for gzip.
  const normalised = header.toLowerCase().replace(/\*|x-gzip/g, 'gzip');
  return negotiate(normalised, [...ENCODINGS]) ?? undefined;
}

/** A text compressed as the plugin would compress it. */
export function encodeText(text: string, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(text, brotliOptions) : gzipSync(text, zlibOptions);
}

/** A text kept for many answers, with its compressed copies made when first asked for. */
export interface KeptText {
  readonly text: string;
  readonly encoded: Map<Encoding, Buffer>;
}

/**
 * Sends a kept text (as JSON), compressed once per encoding rather than once per request: a cached
 * list of 1,000 accounts takes a few milliseconds to compress, more than the rest of its answer.
 */
export function sendKeptJson(request: FastifyRequest, reply: FastifyReply, kept: KeptText): FastifyReply {
  reply.type('application/json; charset=utf-8');
  const encoding = negotiatedEncoding(request);
  if (encoding === undefined || kept.text.length < compressionThreshold) return reply.send(kept.text);
  let body = kept.encoded.get(encoding);
  if (body === undefined) {
    body = encodeText(kept.text, encoding);
    kept.encoded.set(encoding, body);
  }
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  // The plugin sends an answer that already has a Content-Encoding as it is.
  return reply.header('content-encoding', encoding).send(body);
}
