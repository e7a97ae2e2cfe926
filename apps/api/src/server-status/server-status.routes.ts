import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errors } from '../http/errors.js';
import { ServerStatus } from './server-status.schemas.js';
import { serverStatus } from './server-status.service.js';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Twofold only: the server's clock and data disk. 2FAuth clients never call it. */
export const serverStatusRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/status',
    {
      config: { auth: 'api', scope: 'codes' },
      schema: {
        tags: ['app'],
        operationId: 'getServerStatus',
        summary:
          "The server's clock (checked against its devices' clocks) and the free space of its data disk. A client may send X-Client-Time (its clock, Unix ms) with X-Client-Id (a random id it keeps, 8-64 letters, digits, - or _): its reading is counted and compared",
        response: { 200: ServerStatus },
      },
    },
    async (request) =>
      serverStatus(app.deps, {
        time: header(request.headers['x-client-time']),
        device: header(request.headers['x-client-id']),
      }),
  );
};

/** Writes that never wait for disk space: signing in and out, and reading a code. */
const UNGUARDED =
  /^\/(?:user\/(?:login|logout)|webauthn\/login(?:\/.*)?|api\/v1\/twofaccounts\/(?::id\/)?otp)$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH']);

/**
 * A full data disk refuses writes before they start (507, nothing half-done): below the reserve,
 * a create, an upload, an import or a backup is answered at once. Deletions pass (they free space).
 */
export function registerDiskGuard(app: FastifyInstance): void {
  // Callback style: a read (most requests, the OTP route's above all) costs no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!WRITES.has(request.method)) return done();
    const route = request.routeOptions.url;
    if (route === undefined || UNGUARDED.test(route)) return done();
    app.deps.disk.canWrite().then((writable) => done(writable ? undefined : errors.diskFull()), done);
  });
}
