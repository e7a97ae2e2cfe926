import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.js';

/**
 * Security headers on every answer (@fastify/helmet). The web app is one origin with no inline
 * script, so its Content-Security-Policy can be strict: scripts, workers and requests stay on
 * this origin; images may also be data: (QR codes) and blob: (icon previews); nothing may frame
 * the app (clickjacking on a page that shows codes). Routes that serve files set their own,
 * stricter policy (icons: no script at all).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = new URL(config.APP_URL).protocol === 'https:';
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
    // API clients (the 2FAuth browser extension) load icons and call the API from other origins.
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
    // HTTPS-only rules make no sense on a plain-http install (e.g. on a home network).
    strictTransportSecurity: https ? { maxAge: 31_536_000 } : false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
  });
}
