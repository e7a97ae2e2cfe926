import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { CATALOGUE_CACHE } from './src/i18n/catalogue-cache';

// The API (apps/api) serves the built app from dist/ on the same origin; in development Vite
// proxies the API paths to it so cookies and CSRF work the same way.
const apiPaths = [
  '/api',
  '/user',
  '/webauthn',
  '/oidc',
  '/oauth',
  '/refresh-csrf',
  '/app-config',
  '/infos',
  '/storage',
  '/up',
];

/** Navigations the service worker leaves to the server: the API and files it serves itself. */
const serverOnly = new RegExp(`^(${apiPaths.join('|')})(/|$)`);

const accountsPage = fileURLToPath(new URL('./src/features/accounts/AccountsPage.tsx', import.meta.url));
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
let accountsScreenModules: Set<string> | undefined;

/** The accounts screen's module and all it imports statically (what its first paint needs). */
function accountsScreen(graph: ModuleGraph): Set<string> {
  if (accountsScreenModules) return accountsScreenModules;
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const child of graph.getModuleInfo(id)?.importedIds ?? []) visit(child);
  };
  visit(accountsPage);
  accountsScreenModules = seen;
  return seen;
}

export default defineConfig({
  plugins: [
    react(),
    // Installable app: a manifest, and a service worker (Workbox) that precaches the app shell and
    // its assets so the app opens at once, even when the server cannot be reached (it then says
    // so). Only built files are cached: no API answer (they hold secrets) ever is. Registered by a
    // small script file, so the Content-Security-Policy needs no inline script.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script',
      manifest: {
        name: 'Twofold',
        short_name: 'Twofold',
        description: 'Your two-factor codes, on your own server',
        start_url: '/accounts',
        scope: '/',
        display: 'standalone',
        background_color: '#f7f7f8',
        theme_color: '#3b5bdb',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          {
            name: 'New account',
            url: '/account/create',
            icons: [{ src: '/icon-192.png', sizes: '192x192' }],
          },
          {
            name: 'Scan a QR code',
            short_name: 'Scan',
            url: '/capture',
            icons: [{ src: '/icon-192.png', sizes: '192x192' }],
          },
        ],
        // An image shared to the app (a QR code's screenshot): public/share-target.js takes it.
        share_target: {
          action: '/share-target',
          method: 'POST',
          enctype: 'multipart/form-data',
          params: { files: [{ name: 'image', accept: ['image/*'] }] },
        },
      },
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The catalogues of 28 languages are most of the files: none is precached. The page keeps
        // its own language's in CATALOGUE_CACHE once it is in use (src/i18n/offline-catalogues.ts),
        // and this route answers from there; another language is fetched when it is chosen.
        globIgnores: ['assets/locales/**'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [serverOnly],
        runtimeCaching: [
          {
            urlPattern: /\/assets\/locales\//,
            handler: 'CacheFirst',
            options: { cacheName: CATALOGUE_CACHE },
          },
        ],
        cleanupOutdatedCaches: true,
        // The alerts' Web Push notifications (public/push-sw.js) and the share target's hand-over
        // of a shared image (public/share-target.js).
        importScripts: ['/push-sw.js', '/share-target.js'],
      },
    }),
    // Brotli and gzip copies of every text asset, built once here so the server sends them as
    // they are (@fastify/static preCompressed) instead of compressing on each request.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(html|css|js|mjs|json|svg|txt|webmanifest|ico|map)$/,
      threshold: 0,
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // bench/bundle-size.mjs reads it to know what a first visit to /accounts downloads.
    manifest: true,
    chunkSizeWarningLimit: 600,
    // Each request costs ~900 bytes of headers: left alone, the bundler splits what the first visit
    // always loads together into some fifty small shared chunks. Everything the entry imports
    // statically becomes one chunk, and the accounts screen (the home screen) with its own static
    // imports another; other screens that share a module with it load that chunk, usually already
    // there. Lazily loaded code (dialogs, menus, edit mode, other screens) keeps its own chunks.
    rolldownOptions: {
      output: {
        // Catalogues in a folder of their language (the service worker leaves them out of its
        // precache by that path): `assets/locales/de/settings-<hash>.js`.
        chunkFileNames: (chunk) => {
          const catalogue = /\/i18n\/locales\/([a-z]+)\/(\w+)\.json$/.exec(chunk.facadeModuleId ?? '');
          return catalogue
            ? `assets/locales/${catalogue[1]}/${catalogue[2]}-[hash].js`
            : 'assets/[name]-[hash].js';
        },
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            {
              // The screen's own module keeps its chunk (the route's dynamic import, and the bench, name it).
              name: (id, graph) => (id !== accountsPage && accountsScreen(graph).has(id) ? 'accounts' : null),
              debugName: 'accounts',
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      apiPaths.map((path) => [path, { target: 'http://localhost:8000', changeOrigin: false }]),
    ),
  },
});
