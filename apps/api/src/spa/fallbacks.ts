import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError, errors } from '../http/errors.js';

interface KnownRoute {
  readonly pattern: RegExp;
  readonly methods: Set<string>;
  /** Parameter segments: the router prefers a static segment, so fewer wins. */
  readonly params: number;
}

/** `/api/v1/groups/:id/assign` -> a regex matching concrete paths (one trailing slash ignored). */
function routePattern(url: string): RegExp {
  const escaped = url
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) =>
      segment.startsWith(':')
        ? '[^/]+'
        : segment === '*'
          ? '.*'
          : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

/**
 * The web app's files as URL paths (`/assets/index-3f2a.js`), read once at start. Dot folders
 * (`.vite`, `.well-known`) are not served from here: the build's own manifest stays private and
 * the asset list has its route.
 */
function webFilePaths(webRoot: string): Set<string> {
  const files = readdirSync(webRoot, { recursive: true, withFileTypes: true });
  const paths = new Set<string>();
  for (const file of files) {
    if (!file.isFile()) continue;
    const relative = path.relative(webRoot, path.join(file.parentPath, file.name)).split(path.sep);
    if (relative.some((part) => part.startsWith('.'))) continue;
    paths.add(`/${relative.join('/')}`);
  }
  return paths;
}

/**
 * Everything no route answers: unknown /api/v1 paths 404 `unknowkn endpoint`,
 * a known API path with the wrong method 405, other GET/HEAD paths the web app's index.html
 * (history routing), anything else 404 `not found`. Also serves the built web app's files:
 * hashed assets cached for a year, index.html never cached, each as the brotli or gzip copy the
 * build wrote next to it when the client accepts one (`Vary: Accept-Encoding`).
 * The files are looked up in a set rather than given a route each: @fastify/static's per-file
 * routes were two per file (GET and HEAD) for some 1,600 files, a large share of a restart's CPU
 * and of the idle heap.
 */
export async function registerFallbacks(app: FastifyInstance, webRoot: string | null): Promise<void> {
  const apiRoutes = new Map<string, KnownRoute>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.endsWith('*')) return;
    const key = route.url.replace(/\/+$/, '');
    const known = apiRoutes.get(key) ?? {
      pattern: routePattern(key),
      methods: new Set<string>(),
      params: key.split('/').filter((segment) => segment.startsWith(':')).length,
    };
    for (const method of [route.method].flat()) known.methods.add(method);
    apiRoutes.set(key, known);
  });

  const indexFile = webRoot ? path.join(webRoot, 'index.html') : null;
  const hasWebApp = indexFile !== null && existsSync(indexFile);
  const webFiles = hasWebApp && webRoot ? webFilePaths(webRoot) : new Set<string>();
  if (hasWebApp && webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      // Only `reply.sendFile`: the not-found handler below picks the files.
      serve: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const sendIndex = (reply: FastifyReply) => {
    if (!hasWebApp) {
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><title>Twofold</title><p>The web app is not built: run <code>pnpm build</code>.</p>',
        );
    }
    return reply.code(200).sendFile('index.html');
  };

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = (request.url.split('?')[0] ?? '/').replace(/\/{2,}/g, '/');
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      // Only the methods of the path the router would match (`/twofaccounts/count`, not `/:id`).
      const allowed = new Set<string>();
      let fewestParams = Infinity;
      for (const route of apiRoutes.values()) {
        if (!route.pattern.test(pathname) || route.params > fewestParams) continue;
        if (route.params < fewestParams) allowed.clear();
        fewestParams = route.params;
        for (const method of route.methods) allowed.add(method);
      }
      allowed.delete('OPTIONS');
      if (allowed.size === 0 || !pathname.startsWith('/api/v1/')) throw errors.unknownEndpoint();
      const route = pathname.replace(/^\/+|\/+$/g, '');
      throw new AppError('method_not_allowed', {
        key: 'error.method_not_allowed',
        params: { method: request.method, route, methods: [...allowed].join(', ') },
      });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') throw errors.notFound();
    if (webFiles.has(pathname)) return reply.code(200).sendFile(pathname.slice(1));
    return sendIndex(reply);
  });
}
