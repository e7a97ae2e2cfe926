import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config/config.js';

type HeaderSet = readonly (readonly [name: string, value: string])[];

/** What an answer is, for its security headers. */
export type AnswerKind = 'page' | 'static' | 'api';

/**
 * The headers that protect a JSON answer (and any other answer of the API: errors, redirects,
 * empty answers): nothing in it may run, load or be framed, sniffed as another type, cached, read
 * by another origin's page without CORS, or leak a referrer. `Cache-Control: no-store` comes from
 * the wire conventions (http/infrastructure.ts) on every answer that is not a file.
 * Cross-Origin-Resource-Policy blocks only no-cors loads (`<script src>`, `<img src>`): API
 * clients on other origins call the API with CORS requests, which it does not block.
 */
export const jsonAnswerCsp = "default-src 'none'; frame-ancestors 'none'";

function apiHeaders(https: boolean): HeaderSet {
  return [
    ['content-security-policy', jsonAnswerCsp],
    ['x-content-type-options', 'nosniff'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['referrer-policy', 'no-referrer'],
    ...(https ? ([['strict-transport-security', 'max-age=31536000; includeSubDomains']] as const) : []),
  ];
}

/**
 * The web app's headers (helmet). The web app is one origin with no inline script, so its
 * Content-Security-Policy can be strict: scripts, workers and requests stay on this origin (and
 * WebAssembly may be compiled, for the device copy's scrypt: 'wasm-unsafe-eval' allows no
 * JavaScript eval); images
 * may also be data: (QR codes) and blob: (icon previews); nothing may frame the app (clickjacking
 * on a page that shows codes). Helmet's headers do not depend on the request: they are collected
 * once at start and copied onto each page.
 */
function pageHeaders(https: boolean): HeaderSet {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly may be compiled (not JavaScript evaluated): the device copy's scrypt.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        // React and Radix set style attributes (positions of popovers, the OTP progress bar).
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // API clients (the 2FAuth browser extension) load icons from other origins.
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
    // HTTPS-only rules make no sense on a plain-http install (e.g. on a home network).
    strictTransportSecurity: https ? { maxAge: 31_536_000 } : false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
  });
  const collected: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: unknown) => void collected.push([name.toLowerCase(), String(value)]),
    removeHeader: () => undefined,
  };
  setHeaders({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return collected;
}

// JSON answers and JSON errors; the web app manifest (`application/manifest+json`) is a file of the app.
const jsonType = /^application\/(?:problem\+)?json\b/i;

/**
 * Pages are HTML; the web app's other files (scripts, styles, the manifest, the service worker,
 * images) and icons are static files, which keep the page's set: a file can be a document (an SVG
 * opened on its own) or a worker, whose policy comes from its own answer. Everything else (JSON,
 * anything under /api/, errors, redirects, empty answers) is an API answer.
 */
export function answerKind(url: string, contentType: unknown): AnswerKind {
  const type = typeof contentType === 'string' ? contentType : '';
  if (url.startsWith('/api/') || type === '' || jsonType.test(type)) return 'api';
  return type.startsWith('text/html') ? 'page' : 'static';
}

/**
 * Security headers on every answer, by its kind (`answerKind`). A route that sets a header of its
 * own keeps it: the icon routes set a stricter policy (no script at all) and the asset manifest
 * its own caching.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const https = new URL(config.APP_URL).protocol === 'https:';
  const page = pageHeaders(https);
  const sets: Record<AnswerKind, HeaderSet> = { api: apiHeaders(https), page, static: page };
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload, done) => {
    const set = sets[answerKind(request.url, reply.getHeader('content-type'))];
    for (const [name, value] of set) if (!reply.hasHeader(name)) reply.header(name, value);
    done(null, payload);
  });
}
