import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config/config.js';

/**
 * Security headers on every answer (helmet). The web app is one origin with no inline
 * script, so its Content-Security-Policy can be strict: scripts, workers and requests stay on
 * this origin; images may also be data: (QR codes) and blob: (icon previews); nothing may frame
 * the app (clickjacking on a page that shows codes). Routes that serve files set their own,
 * stricter policy (icons: no script at all).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const https = new URL(config.APP_URL).protocol === 'https:';
  // Built once: the Fastify plugin builds helmet's middleware again on every request (a tenth of
  // the OTP route's time in `bench/otp-hooks.bench.ts`); applying the built one sets the same headers.
  const setHeaders = helmet({
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
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
