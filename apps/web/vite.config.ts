import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';

// The API (apps/api) serves the built app from dist/ on the same origin; in development Vite
// proxies the API paths to it so cookies and CSRF work the same way.
const apiPaths = [
  '/api',
  '/user',
  '/webauthn',
  '/oauth',
  '/refresh-csrf',
  '/app-config',
  '/infos',
  '/storage',
  '/up',
];

export default defineConfig({
  plugins: [
    react(),
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
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      apiPaths.map((path) => [path, { target: 'http://localhost:8000', changeOrigin: false }]),
    ),
  },
});
