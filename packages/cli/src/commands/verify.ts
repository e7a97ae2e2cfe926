import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { normaliseUrl } from '../config.js';
import { CliError, ExitCode } from '../exit.js';

/*
 * `twofold verify <url>`: is the web app a server sends the one that was built? The web build
 * writes the path and SHA-256 of every file a browser loads; the server publishes that list at
 * MANIFEST_PATH. Each listed file is fetched as a browser gets it (plain, brotli, gzip: the
 * server sends the copies the build compressed), decoded, and hashed. With `--manifest`, the list
 * comes from a file you trust (your own build of the same release) instead of the server.
 */

export const MANIFEST_PATH = '/.well-known/twofold-assets.json';
const ENCODINGS = ['identity', 'br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
const PARALLEL = 8;
const TIMEOUT_MS = 30_000;

interface ManifestFile {
  readonly path: string;
  readonly sha256: string;
}

interface Difference {
  readonly path: string;
  /** `missing`: not served (status); `changed`: other bytes; `unlisted`/`differs`: the server's list against the trusted one. */
  readonly problem: 'missing' | 'changed' | 'undecodable' | 'unlisted' | 'differs';
  readonly encoding?: Encoding;
  readonly status?: number;
  readonly expected?: string;
  readonly actual?: string;
}

interface Fetched {
  readonly status: number;
  readonly encoding: string;
  readonly body: Buffer;
}

function get(url: URL, encoding: Encoding, agent: http.Agent): Promise<Fetched> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      { agent, headers: { 'accept-encoding': encoding }, timeout: TIMEOUT_MS },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            encoding: String(response.headers['content-encoding'] ?? 'identity').toLowerCase(),
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

function decode(fetched: Fetched): Buffer | null {
  try {
    if (fetched.encoding === 'identity') return fetched.body;
    if (fetched.encoding === 'br') return brotliDecompressSync(fetched.body);
    if (fetched.encoding === 'gzip') return gunzipSync(fetched.body);
  } catch {
    // reported as undecodable
  }
  return null;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function parseManifest(text: string, where: string): ManifestFile[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new CliError(`${where} is not a Twofold asset manifest (not JSON).`);
  }
  const files = (parsed as { version?: unknown; files?: unknown }).files;
  const valid =
    (parsed as { version?: unknown }).version === 1 &&
    Array.isArray(files) &&
    files.every(
      (file: Partial<ManifestFile>) =>
        typeof file.path === 'string' &&
        file.path.startsWith('/') &&
        typeof file.sha256 === 'string' &&
        /^[0-9a-f]{64}$/.test(file.sha256),
    );
  if (!valid) throw new CliError(`${where} is not a Twofold asset manifest (version 1).`);
  return (files as ManifestFile[]).map(({ path, sha256: hash }) => ({ path, sha256: hash }));
}

/** The served list against the trusted one: a file added, removed or changed on either side. */
function compareLists(served: ManifestFile[], trusted: ManifestFile[]): Difference[] {
  const servedByPath = new Map(served.map((file) => [file.path, file.sha256]));
  const trustedPaths = new Set(trusted.map((file) => file.path));
  const differences: Difference[] = [];
  for (const file of trusted) {
    const actual = servedByPath.get(file.path);
    if (actual !== file.sha256) {
      differences.push({
        path: file.path,
        problem: 'differs',
        expected: file.sha256,
        ...(actual ? { actual } : {}),
      });
    }
  }
  for (const file of served) {
    if (!trustedPaths.has(file.path))
      differences.push({ path: file.path, problem: 'unlisted', actual: file.sha256 });
  }
  return differences;
}

async function checkFile(base: string, file: ManifestFile, agent: http.Agent): Promise<Difference[]> {
  const differences: Difference[] = [];
  // index.html is also what every page address answers: `/` is checked as the browser opens it.
  const paths = file.path === '/index.html' ? [file.path, '/'] : [file.path];
  for (const path of paths) {
    for (const encoding of ENCODINGS) {
      const fetched = await get(new URL(path, `${base}/`), encoding, agent);
      if (fetched.status !== 200) {
        differences.push({ path, problem: 'missing', encoding, status: fetched.status });
        break;
      }
      const bytes = decode(fetched);
      if (!bytes) {
        differences.push({ path, problem: 'undecodable', encoding, actual: fetched.encoding });
        continue;
      }
      const actual = sha256(bytes);
      if (actual !== file.sha256)
        differences.push({ path, problem: 'changed', encoding, expected: file.sha256, actual });
    }
  }
  return differences;
}

function describe(difference: Difference): string {
  const how = difference.encoding ? ` (${difference.encoding})` : '';
  switch (difference.problem) {
    case 'missing':
      return `missing    ${difference.path}${how}: HTTP ${difference.status}`;
    case 'changed':
      return `changed    ${difference.path}${how}: sha256 ${difference.actual}, built ${difference.expected}`;
    case 'undecodable':
      return `undecodable ${difference.path}${how}: the ${difference.actual} body does not decode`;
    case 'unlisted':
      return `unlisted   ${difference.path}: in the server's manifest, not in yours`;
    case 'differs':
      return `differs    ${difference.path}: the server's manifest says ${difference.actual ?? 'nothing'}, yours ${difference.expected}`;
  }
}

async function serverManifest(base: string, agent: http.Agent): Promise<ManifestFile[]> {
  const where = `${base}${MANIFEST_PATH}`;
  const fetched = await get(new URL(where), 'identity', agent);
  if (fetched.status === 404) {
    throw new CliError(
      `The server publishes no asset manifest at ${where} (no web app, or a build from before it).`,
    );
  }
  if (fetched.status !== 200) throw new CliError(`The server answered HTTP ${fetched.status} for ${where}.`);
  return parseManifest(fetched.body.toString('utf8'), where);
}

function readTrusted(file: string): ManifestFile[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new CliError(`Cannot read the manifest file ${file}.`);
  }
  return parseManifest(text, file);
}

/** Runs every check with a few requests in flight; network failures end the command (exit 4). */
async function checkAll(base: string, files: ManifestFile[], agent: http.Agent): Promise<Difference[]> {
  const results: Difference[][] = files.map(() => []);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next++;
      results[index] = await checkFile(base, files[index]!, agent);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return results.flat();
}

export async function verify(rawUrl: string, options: { json?: boolean; manifest?: string }): Promise<void> {
  const base = normaliseUrl(rawUrl);
  const trusted = options.manifest === undefined ? null : readTrusted(options.manifest);
  const agent = new (base.startsWith('https:') ? https.Agent : http.Agent)({
    keepAlive: true,
    maxSockets: PARALLEL,
  });
  let differences: Difference[];
  let expected: ManifestFile[];
  try {
    const served = await serverManifest(base, agent);
    expected = trusted ?? served;
    differences = [
      ...(trusted ? compareLists(served, trusted) : []),
      ...(await checkAll(base, expected, agent)),
    ];
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`Cannot reach the server at ${base}.`, ExitCode.unreachable);
  } finally {
    agent.destroy();
  }
  const ok = differences.length === 0;
  if (options.json) {
    const report = {
      url: base,
      manifest: trusted ? 'file' : 'server',
      files: expected.length,
      ok,
      differences,
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    for (const difference of differences) process.stdout.write(`${describe(difference)}\n`);
    const source = trusted ? 'your manifest' : "the server's manifest";
    process.stdout.write(
      ok
        ? `All ${expected.length} files match ${source} (each as sent plain, brotli and gzip).\n`
        : `${differences.length} difference(s) across ${expected.length} files: the server does not send what ${source} lists.\n`,
    );
  }
  if (!ok) throw new CliError('The web app this server sends differs from its build.', ExitCode.failure);
}
