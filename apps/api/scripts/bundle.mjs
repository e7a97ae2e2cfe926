// The server as one file (esbuild), written over the compiled entry `dist/server.js`: a start no
// longer reads, compiles and links some 3,000 small modules (TypeBox, Kysely, Fastify and its
// plugins), which was the largest share of a restart's CPU (docs/architecture/api-server.md, "Memory and
// start time"). The compiled tree stays beside it for the tests and the tools.
//
// Left outside the bundle, loaded from node_modules as before:
// - what the server loads on first use (import(): kept lazy, out of the start);
// - packages that find files next to their own code (PGlite's WASM and data, sharp's and
//   sodium-native's native addons, jsdom's files).
import { build } from 'esbuild';
import { copyFileSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

const loadedOnFirstUse = [
  '@aws-sdk/client-s3',
  '@simplewebauthn/server',
  '@twofold/import',
  '@twofold/otp/images',
  '@twofold/vault/break-glass',
  '@twofold/otp/websites',
  'bowser',
  'jsdom',
  'nodemailer',
  'openid-client',
  'simple-icons',
  'ssh2-sftp-client',
  'web-push',
  'webdav',
];
const withFilesOfTheirOwn = ['@electric-sql/pglite', '@fastify/secure-session', 'sharp', 'pg-native'];

await build({
  entryPoints: [`${dist}server.js`],
  outfile: `${dist}server.js`,
  allowOverwrite: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Whitespace and syntax only: names stay as written, so stack traces still read. A smaller text
  // also parses faster and weighs less in the heap (V8 keeps a script's source for lazy compiling).
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  sourcemap: 'linked',
  external: [...loadedOnFirstUse, ...withFilesOfTheirOwn],
  // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

// V8 keeps a script's source in the heap, as one-byte text only when every character fits in
// Latin-1: a single character above U+00FF (esbuild escapes those in strings, not in regular
// expressions) would double the bundle's weight in memory for the life of the process.
const wide = /[\u0100-\uffff]/.exec(readFileSync(`${dist}server.js`, 'utf8'));
if (wide) {
  throw new Error(
    `dist/server.js holds U+${wide[0].codePointAt(0).toString(16).toUpperCase()} at ${wide.index}: escape it in the source (\\uXXXX)`,
  );
}

// The key-derivation worker is started by URL, next to the code that starts it: in the bundle that
// is dist/, in the compiled tree dist/import-export/.
copyFileSync(`${dist}import-export/kdf-worker.js`, `${dist}kdf-worker.js`);
