/**
 * The SDK as a third party gets it: `pnpm pack`, installed from the tarball into a scratch
 * project outside the repository, type-checked under strict NodeNext, then run against a real
 * server (list, code, create, and a typed error).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server.js';
import { packedInto, pnpm } from '../../../tooling/packed.mjs';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const tsc = path.join(packageDir, 'node_modules/.bin/tsc');

const consumer = `
import { createTwofold, SDK_VERSION, TwofoldApiError, type Account, type Otp } from '@twofold/contract';

const [baseUrl = '', token = ''] = process.argv.slice(2);
const twofold = createTwofold({ baseUrl, token });

const created: Account = await twofold.accounts.create({
  uri: 'otpauth://totp/Example:alice@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Example',
});
const listed: Account[] = await twofold.accounts.list({ withOtp: true });
const code: Otp = await twofold.accounts.otp(created.id);
// The raw typed client reaches every route; a wrong path does not compile.
const count = await twofold.client.GET('/api/v1/twofaccounts/count');
// @ts-expect-error: not a route of the API
void twofold.client.GET('/api/v1/no-such-route');

let missing: { status: number; message: string } | undefined;
try {
  await twofold.accounts.get(999999);
} catch (error) {
  if (error instanceof TwofoldApiError) missing = { status: error.status, message: error.message };
}
console.log(JSON.stringify({
  version: SDK_VERSION,
  created: { id: created.id, service: created.service, hasSecret: typeof created.secret === 'string' },
  listed: listed.map((a) => ({ id: a.id, otp: a.otp?.password, secret: a.secret })),
  code: code.password,
  count: count.data?.count,
  missing,
}));
`;

let server: TestServer;
let scratch: string;

beforeAll(async () => {
  if (!existsSync(path.join(packageDir, 'dist/index.js')))
    throw new Error('build the SDK first (pnpm build)');
  scratch = mkdtempSync(path.join(tmpdir(), 'twofold-sdk-consumer-'));
  server = await startTestServer();
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

it('installs from its tarball, type-checks under strict NodeNext and works against a server', async () => {
  const tarball = path.basename(packedInto(packageDir, scratch));
  expect(tarball).toMatch(/^twofold-contract-\d+\.\d+\.\d+\.tgz$/);
  const list = execFileSync('tar', ['-tzf', path.join(scratch, tarball)], { encoding: 'utf8' });
  expect(list).toContain('package/LICENSE');
  expect(list).toContain('package/dist/schema.d.ts');
  expect(list).not.toMatch(/\.test\.|\.map\b|src\//);

  writeFileSync(
    path.join(scratch, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  pnpm(['add', '--prefer-offline', `./${tarball}`, '@types/node@20.19.43'], scratch);
  writeFileSync(
    path.join(scratch, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        target: 'ES2022',
        lib: ['ES2022', 'DOM'],
        types: ['node'],
        outDir: 'out',
        skipLibCheck: false,
      },
      files: ['consumer.ts'],
    }),
  );
  writeFileSync(path.join(scratch, 'consumer.ts'), consumer);
  execFileSync(tsc, ['-p', path.join(scratch, 'tsconfig.json')], { cwd: scratch, encoding: 'utf8' });

  const output = execFileSync(process.execPath, ['out/consumer.js', server.url, server.token], {
    cwd: scratch,
    encoding: 'utf8',
  });
  const result = JSON.parse(output) as {
    version: string;
    created: { id: number; service: string; hasSecret: boolean };
    listed: { id: number; otp?: string; secret?: string }[];
    code: string;
    count: number;
    missing?: { status: number; message: string };
  };
  expect(result.version).toMatch(/^\d+\.\d+\.\d+/);
  expect(result.created).toMatchObject({ service: 'Example', hasSecret: true });
  expect(result.listed).toHaveLength(1);
  expect(result.listed[0]).toMatchObject({ id: result.created.id });
  expect(result.listed[0]?.otp).toMatch(/^\d{6}$/);
  expect(result.listed[0]?.secret).toBeUndefined();
  expect(result.code).toMatch(/^\d{6}$/);
  expect(result.count).toBe(1);
  expect(result.missing).toEqual({ status: 404, message: 'not found' });
}, 240_000);
